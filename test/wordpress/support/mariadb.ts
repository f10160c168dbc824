// A private MariaDB for one test run: an empty data directory (no system
// tables: `--skip-grant-tables`, so root needs no password and no
// `mariadb-install-db` run), reached by its Unix socket only, tuned for
// throw-away data. The database is created by `--init-file` before the
// server says it is ready.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer, type Server } from './process.js';

export const MARIADBD = '/usr/sbin/mariadbd';

export interface MariaDb {
  /** WordPress's DB_HOST for it: `localhost:<socket>`. */
  host: string;
  database: string;
  stop(): Promise<void>;
  server: Server;
}

export async function startMariaDb(dir: string, database = 'wordpress'): Promise<MariaDb> {
  const data = join(dir, 'data');
  const socket = join(dir, 'mysqld.sock');
  const init = join(dir, 'init.sql');
  await writeFile(init, `CREATE DATABASE IF NOT EXISTS ${database} CHARACTER SET utf8mb4;\n`);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(data);
  const server = await startServer(
    MARIADBD,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--init-file=${init}`,
      '--user=root',
      '--skip-networking',
      '--skip-grant-tables',
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=8M',
      '--innodb-doublewrite=0',
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-flush-method=nosync',
      '--innodb-temp-data-file-path=ibtmp1:1M:autoextend',
      '--innodb-data-file-path=ibdata1:1M:autoextend',
      '--character-set-server=utf8mb4',
    ],
    /ready for connections/,
  );
  return { host: `localhost:${socket}`, database, server, stop: () => server.stop() };
}
