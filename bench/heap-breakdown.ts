/**
 * Reads two V8 heap snapshots and prints what grew between them, by kind and constructor name:
 * how many objects and bytes (self size) per unit (a socket, say). Used by idle-sockets --breakdown.
 */
import { readFileSync } from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
};

/** Objects and self bytes per "kind:name" in one snapshot file. */
export function tally(path: string): Map<string, { count: number; bytes: number }> {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const types = snap.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] as number] as string;
    // Strings are grouped by kind only; their text would make every one its own row.
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? ''
        : snap.strings[snap.nodes[i + nameAt] as number];
    const key = `${type}:${(name ?? '').slice(0, 60)}`;
    const row = out.get(key) ?? { count: 0, bytes: 0 };
    row.count++;
    row.bytes += snap.nodes[i + sizeAt] as number;
    out.set(key, row);
  }
  return out;
}

/** The rows that grew most between two snapshots, per unit. */
export function growth(beforePath: string, afterPath: string, units: number, top = 40): string {
  const before = tally(beforePath);
  const after = tally(afterPath);
  const rows = [...after].map(([key, a]) => {
    const b = before.get(key) ?? { count: 0, bytes: 0 };
    return { key, count: (a.count - b.count) / units, bytes: (a.bytes - b.bytes) / units };
  });
  rows.sort((x, y) => y.bytes - x.bytes);
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  const lines = rows
    .slice(0, top)
    .map((r) => `${r.bytes.toFixed(0).padStart(7)} B ${r.count.toFixed(2).padStart(7)} × ${r.key}`);
  return [`total ${(total / 1024).toFixed(2)} KB per unit (self sizes)`, ...lines].join('\n');
}
