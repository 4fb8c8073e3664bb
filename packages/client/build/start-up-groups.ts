/**
 * Both apps' start-up stages as Rolldown code-splitting groups, one chunk per stage that
 * `src/main.tsx` loads (decisions 032, 040), each with what its modules import that an earlier
 * group does not hold, instead of Rolldown's one chunk per shared module: the sign-in pages fetched
 * 70–91 scripts, most under 2 KB, and on a phone's six connections the round trips cost more than
 * the bytes (docs/benchmarks.md, Lighthouse). The first group is what main.tsx imports, named one
 * by one: with `tags: ['$initial']` Rolldown put main.tsx itself in that chunk too, which every
 * stage imports, and main.tsx's top-level await on the stages then waited forever (decision 039).
 * Each app adds its own stages and first screens after these.
 */
export const startUpGroups = [
  {
    name: 'initial',
    // `today-text` is the admin entry's date warm-up (its only import besides the API client):
    // left out, Rolldown put it in a chunk shared with Home, which pulled the charts into sign-in.
    test: /(src[\\/]lib[\\/](api-client|today-text)\.ts|start[\\/]in-tasks\.ts|node_modules[\\/]react[\\/]jsx-runtime|vite[\\/]preload-helper)/,
  },
  { name: 'react-dom', test: /node_modules[\\/]react-dom[\\/]client/ },
  { name: 'web-config', test: /client[\\/]src[\\/]web-config\.ts/ },
  { name: 'start', test: /client[\\/]src[\\/]start\.tsx/ },
  { name: 'app-frame', test: /client[\\/]src[\\/]app-frame\.tsx/ },
];
