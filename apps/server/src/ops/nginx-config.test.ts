import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config.ts';

const deployed = new URL('../../../../deploy/nginx.conf', import.meta.url);

describe('nginx configuration', () => {
  it('is the one compose.yaml mounts (deploy/nginx.conf), so the tested cluster and the containers agree', () => {
    expect(readFileSync(deployed, 'utf8')).toBe(nginxConfig({ upstreams: ['app1:3000', 'app2:3000'], listen: '8080' }));
  });

  it('keeps a client on one node, passes WebSocket upgrades and moves past a dead node', () => {
    const text = nginxConfig({ upstreams: ['127.0.0.1:1', '127.0.0.1:2'], listen: '127.0.0.1:3', prefix: '/tmp/x' });
    expect(text).toContain('hash $remote_addr consistent;');
    expect(text).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(text).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(text).toContain('pid /tmp/x/nginx.pid;');
    expect(text).not.toContain('X-Fieldhouse-Upstream');
  });
});
