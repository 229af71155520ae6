/**
 * Point fontconfig (used by librsvg inside sharp) at the project's own configuration, which lists
 * only the fonts in assets/fonts. Imported before sharp so that text looks the same everywhere.
 */
import { fileURLToPath } from 'node:url';

export const FONT_CONFIG = fileURLToPath(new URL('../../assets/fonts/fonts.conf', import.meta.url));
process.env.FONTCONFIG_FILE = FONT_CONFIG;
export const FONT_FAMILY = 'DejaVu Sans';
