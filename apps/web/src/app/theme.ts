import { createTheme } from '@mantine/core';

/** School-athletics navy with a gold accent; Mantine's defaults for everything else. */
export const theme = createTheme({
  primaryColor: 'navy',
  colors: {
    navy: [
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
    ],
  },
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
});
