import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { darkenForWhite } from './contrast.ts';
import overlays from './overlays.module.css';

const navy: MantineColorsTuple = [
  '#eaf1fb',
  '#d3e0f2',
  '#a4bfe6',
  '#7199da',
  '#4879cf',
  '#2f66c9',
  '#215cc7',
  '#134daf',
  '#07449d',
  '#1c4e80',
];

/**
 * Shades 5–8 carry white text (filled buttons and badges, light and dark scheme) and serve as
 * coloured text on white; shade 9 is the light variant's text on its tinted background. Each is
 * darkened only as far as AA needs (issue 17), so the palette keeps its hues.
 */
function accessible(shades: MantineColorsTuple): MantineColorsTuple {
  return shades.map((shade, i) =>
    i < 5 ? shade : darkenForWhite(shade, i === 9 ? 5.6 : 4.9),
  ) as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, navy })
    .filter(([name]) => name !== 'dark' && name !== 'gray')
    .map(([name, shades]) => [name, accessible(shades)]),
);

/** School-athletics navy with a gold accent; Mantine's defaults, made AA, for everything else. */
export const theme = createTheme({
  primaryColor: 'navy',
  colors,
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  // Modals, menus and drawers stop sliding for people who ask the system for less motion.
  respectReducedMotion: true,
  // Plain objects, not `Modal.extend(…)`: importing the components here would put Modal, Menu and
  // their popover stack (@floating-ui, ~100 KB) into every app's start-up script.
  components: {
    // Mantine's × has no name of its own (WCAG 4.1.2); modals fill a phone's screen.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      classNames: { inner: overlays.modalInner, content: overlays.modalContent },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine's focus placeholder is a focusable role="presentation" child of role="menu" (axe
    // aria-required-children); without it focus goes to the first item, as a menu's should.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Secondary ("dimmed") text at AA on the body and on light gray cards, in both schemes. In the
 * dark scheme coloured text (links, `c="red"`, light variants) takes a light shade: the shades
 * darkened above for white text would read at 2.5–3.6:1 on a dark surface.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {
    '--mantine-color-dimmed': '#adadad', // 5:1 on the hover row (dark-5)
    '--mantine-color-anchor': navy[2],
    '--mantine-primary-color-light-color': navy[2],
    ...Object.fromEntries(
      Object.entries(colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-text`, shades[2]],
        [`--mantine-color-${name}-light-color`, shades[2]],
      ]),
    ),
  },
});
