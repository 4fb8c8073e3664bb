// Types of server-build.mjs, for the TypeScript that calls it (the cluster, the tests).
export function serverSourcesHash(root?: string): string;
export function serverDist(root?: string): string;
export function serverBundle(root?: string): string;
export function ensureServerBuild(options?: {
  root?: string;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<'built' | 'current'>;
