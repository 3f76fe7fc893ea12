import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeclaredEntity, EntityFileError, readEntityFile } from './entity-file.ts';

/** The project's entity folder, as the platform's CLI deploys it: `<repo>/base44/entities`. */
export const DEFAULT_ENTITIES_DIR = fileURLToPath(new URL('../../../../base44/entities', import.meta.url));

// `User` is the platform's own entity: its access rules are built in (admins and the service role), whatever a file says.
const BUILT_IN = new Set(['User']);

/**
 * The entities declared in the project, read once at startup, or the ones the platform's CLI pushed since (which
 * replace them whole: `replace`). A declared entity exists before its first record (it lists as `[]`), its records are
 * checked against its schema, and its RLS rules apply; other names stay lenient.
 */
export class DeclaredEntities {
  private constructor(private byName: ReadonlyMap<string, DeclaredEntity>) {}

  static none(): DeclaredEntities {
    return new DeclaredEntities(new Map());
  }

  /** Declarations already checked (`declareEntity`); a name given twice throws, naming both sources. */
  static of(declarations: readonly DeclaredEntity[]): DeclaredEntities {
    const byName = new Map<string, DeclaredEntity>();
    for (const declared of declarations) {
      const earlier = byName.get(declared.name);
      if (earlier)
        throw new EntityFileError(declared.file, `${declared.name} is already declared in ${earlier.file}`);
      byName.set(declared.name, declared);
    }
    return new DeclaredEntities(byName);
  }

  /**
   * Loads `*.jsonc` (and `*.json`) from `dir`; a missing folder declares nothing. A broken file throws an
   * EntityFileError naming it, so the emulator refuses to start rather than run with rules it did not understand.
   */
  static load(dir: string): DeclaredEntities {
    if (!existsSync(dir)) return DeclaredEntities.none();
    const files = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.jsonc?$/.test(entry.name))
      .map((entry) => path.join(dir, entry.name))
      .sort();
    return DeclaredEntities.of(files.map((file) => readEntityFile(file, readFileSync(file, 'utf8'))));
  }

  /** From now on, these declarations govern (every holder of this object sees them at once). */
  replace(next: DeclaredEntities): void {
    this.byName = next.byName;
  }

  /** Every declaration, in the order they were read. */
  list(): DeclaredEntity[] {
    return [...this.byName.values()];
  }

  /** The declaration that governs `entity`, or undefined (undeclared, or a built-in entity). */
  get(entity: string): DeclaredEntity | undefined {
    return BUILT_IN.has(entity) ? undefined : this.byName.get(entity);
  }

  /** Whether the project declares `entity` (built-ins included): such a collection exists before its first write. */
  has(entity: string): boolean {
    return this.byName.has(entity);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}
