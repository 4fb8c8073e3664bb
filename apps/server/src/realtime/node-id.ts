import { hostname } from 'node:os';

/** This process among the nodes sharing sockets over Redis: stable for its lifetime (system status). */
export const NODE_ID = `${hostname()}:${process.pid}`;
