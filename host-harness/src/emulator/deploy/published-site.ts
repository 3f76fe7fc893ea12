import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SiteConfig } from '../../../../src/site-config-types.ts';
import { foreignHostMessage, isOwnHost } from '../../serving/loopback-host.ts';
import { httpServerOptions, type ServerTimeouts, serverTimeouts } from '../../serving/server-timeouts.ts';
import { securityHeaders } from '../../site/security-headers.ts';
import { createSiteHandler } from '../../site/site-server.ts';
import type { SiteFile } from './site-archive.ts';

/**
 * The published URL of the app (`app_url` in the answer to a site deploy): a listener of its own, on loopback, that
 * serves the last site the platform's CLI deployed the way the site server serves `dist/` (every page by name, the
 * 404 page, the security headers, caching and compression: site/site-server.ts), so that the deployed copy can be
 * opened beside the dev copy. Before any deployment (and after a reset) it answers 404 saying so.
 */

export interface PublishedSiteOptions {
  /** The site's configuration (its editor and platform origins), for the security headers. */
  config: SiteConfig;
  /**
   * Where deployments are unpacked: one folder per deployment, the previous one removed once replaced. Emptied at
   * start (a restart unpacks the kept deployment again); removed at close when `removeOnClose`.
   */
  root: string;
  removeOnClose?: boolean;
  timeouts?: Partial<ServerTimeouts>;
}

const NOTHING_YET =
  'Nothing is deployed here yet: deploy the site with the platform CLI (npm run deploy:local), then reload.';

export class PublishedSite {
  private readonly server: Server;
  private current: { dir: string; handle: (req: IncomingMessage, res: ServerResponse) => void } | null = null;
  private origin: string | null = null;

  constructor(private readonly opts: PublishedSiteOptions) {
    rmSync(opts.root, { recursive: true, force: true });
    mkdirSync(opts.root, { recursive: true });
    this.server = createServer(httpServerOptions(serverTimeouts(opts.timeouts)), (req, res) =>
      this.current ? this.current.handle(req, res) : this.answerEmpty(req, res),
    );
  }

  private answerEmpty(req: IncomingMessage, res: ServerResponse): void {
    const port = req.socket.localPort;
    const foreign = !isOwnHost(req.headers.host, port);
    res.writeHead(foreign ? 403 : 404, {
      ...securityHeaders(this.opts.config),
      'Content-Type': 'text/plain; charset=utf-8',
    });
    res.end(foreign ? foreignHostMessage(req.headers.host, port) : NOTHING_YET);
  }

  /** Starts listening (port 0: any free port); resolves with the published origin, `http://<host>:<port>`. */
  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((done, fail) => {
      this.server.once('error', fail);
      this.server.listen(port, host, () => {
        this.server.off('error', fail);
        done();
      });
    });
    const shownHost = host.includes(':') ? `[${host}]` : host;
    this.origin = `http://${shownHost}:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  /** The published URL (with its trailing slash), once listening. */
  url(): string {
    if (!this.origin) throw new Error('The published site is not listening yet');
    return `${this.origin}/`;
  }

  /**
   * Serves `files` from now on. They are written to a folder of their own first; `commit` (keeping the deployment)
   * runs once they all are, and only then does the new folder take the old one's place. A failure before that leaves
   * the previous deployment serving and nothing of the new one on disk.
   */
  publish(deploymentId: string, files: readonly SiteFile[], commit: () => void): void {
    const dir = path.join(this.opts.root, deploymentId);
    const staging = `${dir}.${randomBytes(6).toString('hex')}.partial`;
    try {
      for (const file of files) {
        // Paths checked by siteEntryPath: plain names below the site root.
        const target = path.join(staging, ...file.path.split('/'));
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, file.body);
      }
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    try {
      commit();
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    const previous = this.current;
    this.current = { dir, handle: createSiteHandler({ distDir: dir, config: this.opts.config }) };
    if (previous && previous.dir !== dir) rmSync(previous.dir, { recursive: true, force: true });
  }

  /** Serves nothing again (a reset). */
  unpublish(): void {
    const previous = this.current;
    this.current = null;
    if (previous) rmSync(previous.dir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    if (this.server.listening) await new Promise((done) => this.server.close(done));
    if (this.opts.removeOnClose) rmSync(this.opts.root, { recursive: true, force: true });
  }
}
