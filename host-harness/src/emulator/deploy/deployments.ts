import { randomBytes } from 'node:crypto';
import type { AppStore } from '../apps/index.ts';
import { BadRequestError, NotFoundError } from '../core/errors.ts';
import { nowIso } from '../core/ids.ts';
import { DeclaredEntities, declareEntity, type EntityStore } from '../entities/index.ts';
import { bundleFunction, FunctionBundleError } from '../functions/index.ts';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings, requiresSignIn } from './app-visibility.ts';
import type { DeployStore } from './deploy-store.ts';
import { type DeployedFunctions, writtenOut } from './deployed-functions.ts';
import { readEntityPush, type SyncOutcome, syncOutcome } from './entity-push.ts';
import type { FunctionUpload } from './function-upload.ts';
import type { PublishedSite } from './published-site.ts';
import { readSiteArchive } from './site-archive.ts';

export interface DeploymentsOptions {
  appId: string;
  store: DeployStore;
  apps: AppStore;
  entities: EntityStore;
  /** The live declarations every entity route reads; a push replaces what they hold. */
  declared: DeclaredEntities;
  catalog: DeployedFunctions;
  site: PublishedSite;
  /** Where deployed functions' files are written (deployed-functions.ts). */
  functionFiles: string;
}

/** A deployment's id, as the platform's list of functions names it. */
const newDeploymentId = () => `dep_${randomBytes(8).toString('hex')}`;

/**
 * What deploying does to the app, each step checked whole before anything changes (a refused deploy leaves the
 * previous one serving): functions (bundled as the platform bundles them, so one that does not build is refused),
 * the entity schemas (a full sync), the site, the visibility and the secrets. `reset` goes back to the project's
 * `base44/` and nothing published; `restore` serves again, after a restart, what the database holds.
 */
export class Deployments {
  /** The project's own entity declarations, for a reset. */
  private readonly projectEntities: DeclaredEntities;

  constructor(private readonly opts: DeploymentsOptions) {
    this.projectEntities = DeclaredEntities.of(opts.declared.list());
  }

  get appId(): string {
    return this.opts.appId;
  }

  /** Deploys one function: `unchanged` when the same files are already deployed under its name. */
  async deployFunction(upload: FunctionUpload): Promise<'deployed' | 'unchanged'> {
    const { store, appId } = this.opts;
    const current = store.function(appId, upload.name);
    if (current && !current.removed && current.digest === upload.digest) return 'unchanged';
    const deployed = {
      ...upload,
      removed: false,
      deploymentId: newDeploymentId(),
      deployedAt: nowIso(),
    };
    const fn = writtenOut(this.opts.functionFiles, deployed);
    try {
      await bundleFunction(fn.entry);
    } catch (error) {
      if (!(error instanceof FunctionBundleError)) throw error;
      throw new BadRequestError(
        `Function ${upload.name} does not build as the platform bundles it: ${error.message.split('\n').slice(0, 5).join('; ')}`,
        'function_build_failed',
      );
    }
    store.putFunction(appId, deployed);
    return 'deployed';
  }

  /** Removes a function from the app (the project's one of that name included); false when it has none. */
  removeFunction(name: string): boolean {
    const { store, appId, catalog } = this.opts;
    if (!catalog.list().includes(name)) return false;
    const removed = {
      name,
      removed: true,
      entry: '',
      files: [],
      digest: '',
      deploymentId: newDeploymentId(),
      deployedAt: nowIso(),
    };
    store.putFunction(appId, removed);
    return true;
  }

  /** Replaces the app's entities with the pushed ones: the ones not pushed are deleted with their records. */
  pushEntities(body: unknown): SyncOutcome {
    const { store, appId, entities, declared } = this.opts;
    const push = readEntityPush(body);
    const next = DeclaredEntities.of(push.declarations);
    const outcome = syncOutcome(declared.names(), next.names());
    const dropped = store.db.transaction(() => {
      store.putEntities(appId, push.schemas);
      return outcome.deleted.map((name) => entities.drop(appId, name));
    })();
    for (const drop of dropped) drop.dropped();
    declared.replace(next);
    return outcome;
  }

  /** Publishes the site's archive; resolves with the published URL. */
  async publishSite(archive: Buffer): Promise<string> {
    const { store, appId, site } = this.opts;
    const files = await readSiteArchive(archive);
    const deploymentId = newDeploymentId();
    site.publish(deploymentId, files, () =>
      store.putSite(appId, { deploymentId, archive, deployedAt: nowIso() }),
    );
    return site.url();
  }

  /** Where the deployed site is served (`app_url`). */
  publishedUrl(): string {
    return this.opts.site.url();
  }

  visibility(): PublicSettings {
    return (
      (this.opts.store.visibility(this.opts.appId) as PublicSettings | undefined) ?? DEFAULT_PUBLIC_SETTINGS
    );
  }

  /** Sets who may open the app: anything but public makes an anonymous visitor sign in. */
  setVisibility(settings: PublicSettings): void {
    const { store, apps, appId } = this.opts;
    store.db.transaction(() => {
      store.putVisibility(appId, settings);
      const app = apps.get(appId)!;
      apps.put(appId, { ...app, requireLogin: requiresSignIn(settings) });
    })();
  }

  secretNames(): string[] {
    return Object.keys(this.opts.store.secrets(this.opts.appId));
  }

  /** The app's secrets, by name: the functions' environment over the harness's own (function-env.ts). */
  secrets(): Record<string, string> {
    return this.opts.store.secrets(this.opts.appId);
  }

  /** Sets secrets (all or none); a function started before starts afresh with them on its next call. */
  setSecrets(secrets: Record<string, string>): void {
    const { store, appId } = this.opts;
    store.db.transaction(() => {
      for (const [name, value] of Object.entries(secrets)) store.putSecret(appId, name, value);
    })();
  }

  deleteSecret(name: string): void {
    if (!this.opts.store.dropSecret(this.opts.appId, name))
      throw new NotFoundError(`The app has no secret ${name.slice(0, 128)}`, 'secret_not_found');
  }

  /** Serves, after a restart, what the database holds: the pushed entities and the published site. */
  async restore(): Promise<void> {
    const { store, appId, declared, site } = this.opts;
    const schemas = store.entities(appId);
    if (schemas) {
      declared.replace(
        DeclaredEntities.of(
          Object.entries(schemas).map(([name, schema]) => declareEntity(`Entity ${name}`, schema)),
        ),
      );
    }
    const published = store.site(appId);
    if (published) site.publish(published.deploymentId, await readSiteArchive(published.archive), () => {});
  }

  /** Back to the project's own entities, nothing published (the database's tables are emptied by the reset). */
  reset(): void {
    this.opts.declared.replace(this.projectEntities);
    this.opts.site.unpublish();
  }
}
