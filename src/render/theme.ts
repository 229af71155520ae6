/** Colour themes. Every colour a board uses is here. */
export interface Theme {
  readonly name: ThemeName;
  readonly background: string;
  readonly frame: string;
  readonly frameEdge: string;
  readonly frameGrain: string;
  readonly field: string;
  readonly fieldGrain: string;
  readonly pointA: string;
  readonly pointB: string;
  readonly bar: string;
  readonly tray: string;
  readonly numbers: string;
  readonly text: string;
  readonly mutedText: string;
  readonly white: { readonly fill: string; readonly ring: string; readonly edge: string; readonly label: string };
  readonly black: { readonly fill: string; readonly ring: string; readonly edge: string; readonly label: string };
  readonly die: { readonly face: string; readonly pip: string; readonly edge: string };
  readonly cube: { readonly face: string; readonly text: string; readonly edge: string };
  readonly lastPlay: string;
  readonly pending: string;
  /** A play found wanting (reviews), beside the best one drawn in lastPlay's colour. */
  readonly mistake: string;
  readonly mark: string;
  readonly markText: string;
  readonly toMove: string;
  readonly banner: string;
  readonly bannerText: string;
}

export type ThemeName = 'wood' | 'dark';

export const THEMES: Readonly<Record<ThemeName, Theme>> = {
  wood: {
    name: 'wood',
    background: '#24160b',
    frame: '#6e4424',
    frameEdge: '#3d2410',
    frameGrain: '#5e381c',
    field: '#e6c795',
    fieldGrain: '#d9b67f',
    pointA: '#8a3418',
    pointB: '#3e2614',
    bar: '#6e4424',
    tray: '#4f2f16',
    numbers: '#f7e6c8',
    text: '#fbf1e0',
    mutedText: '#d9c3a0',
    white: { fill: '#f6efe0', ring: '#cdbd9c', edge: '#5c4a2e', label: '#3a2a12' },
    black: { fill: '#2a2420', ring: '#4d433b', edge: '#0d0a08', label: '#f6efe0' },
    die: { face: '#fffaf0', pip: '#1d1d1d', edge: '#6b5a40' },
    cube: { face: '#fffaf0', text: '#1d1d1d', edge: '#3d2410' },
    lastPlay: '#1f9d55',
    pending: '#1c7ed6',
    mistake: '#e03131',
    mark: '#ffd43b',
    markText: '#241a05',
    toMove: '#ffd43b',
    banner: '#24160b',
    bannerText: '#fbf1e0',
  },
  // A calm dark board: slate field, muted points, ivory and charcoal checkers matching the
  // caption's ⚪ and ⚫ (the charcoal ones with a light rim to stand out on the dark field).
  dark: {
    name: 'dark',
    background: '#0f1216',
    frame: '#1c2229',
    frameEdge: '#0a0c0f',
    frameGrain: '#1c2229',
    field: '#3a4653',
    fieldGrain: '#3a4653',
    pointA: '#5f6b78',
    pointB: '#2a333d',
    bar: '#1c2229',
    tray: '#20272e',
    numbers: '#d7dde3',
    text: '#eef1f4',
    mutedText: '#b3bcc5',
    white: { fill: '#ece7dc', ring: '#c2baa8', edge: '#0a0c0f', label: '#1b1f24' },
    // A bright rim: at least 3:1 against the field and both kinds of point (test/render/theme.test.ts).
    black: { fill: '#0b0d10', ring: '#c4ccd4', edge: '#000000', label: '#eef1f4' },
    die: { face: '#ece7dc', pip: '#14171b', edge: '#7d8894' },
    cube: { face: '#ece7dc', text: '#14171b', edge: '#7d8894' },
    lastPlay: '#4cc38a',
    pending: '#6cb6ff',
    mistake: '#ff6b6b',
    mark: '#e8b04b',
    markText: '#14171b',
    toMove: '#e8b04b',
    banner: '#0f1216',
    bannerText: '#eef1f4',
  },
};
