/** Reading Prometheus exposition text in tests. */

/** The value of one sample line, e.g. `fieldhouse_sockets_connected` or `name{label="x"}`. */
export const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
