// Preloaded into a bot process (node --import) to run its wall clock NARDY_TEST_SKEW_MS ahead.
const skew = Number(process.env.NARDY_TEST_SKEW_MS ?? 0);
const real = Date.now;
Date.now = () => real() + skew;
