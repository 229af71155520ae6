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
  readonly mark: string;
  readonly markText: string;
  readonly toMove: string;
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
    mark: '#ffd43b',
    markText: '#241a05',
    toMove: '#ffd43b',
  },
  dark: {
    name: 'dark',
    background: '#000000',
    frame: '#1b1f24',
    frameEdge: '#30363d',
    frameGrain: '#1b1f24',
    field: '#0d1117',
    fieldGrain: '#0d1117',
    pointA: '#1f6feb',
    pointB: '#6e7681',
    bar: '#1b1f24',
    tray: '#161b22',
    numbers: '#ffffff',
    text: '#ffffff',
    mutedText: '#c9d1d9',
    white: { fill: '#ffffff', ring: '#c9d1d9', edge: '#000000', label: '#000000' },
    black: { fill: '#f2cc60', ring: '#b08800', edge: '#000000', label: '#000000' },
    die: { face: '#ffffff', pip: '#000000', edge: '#8b949e' },
    cube: { face: '#ffffff', text: '#000000', edge: '#8b949e' },
    lastPlay: '#3fb950',
    pending: '#58a6ff',
    mark: '#ff7b72',
    markText: '#000000',
    toMove: '#ff7b72',
  },
};
