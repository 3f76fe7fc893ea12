import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeclaredEntity, EntityFileError, readEntityFile } from './entity-file.ts';

/** The project's entity folder, as the platform's CLI deploys it: `<repo>/base44/entities`. */
export const DEFAULT_ENTITIES_DIR = fileURLToPath(new URL('../../../../base44/entities', import.meta.url));

// `User` is the platform's own entity: its access rules are built in (admins and the service role), whatever a file says.
const BUILT_IN = new Set(['User']);

/**
 * The entities declared in the project, read once at startup. A declared entity exists before its first record (it
 * lists as `[]`), its records are checked against its schema, and its RLS rules apply; other names stay lenient.
 */
export class DeclaredEntities {
  private constructor(private readonly byName: ReadonlyMap<string, DeclaredEntity>) {}

  static none(): DeclaredEntities {
    return new DeclaredEntities(new Map());
  }

  /**
   * Loads `*.jsonc` (and `*.json`) from `dir`; a missing folder declares nothing. A broken file throws an
   * EntityFileError naming it, so the emulator refuses to start rather than run with rules it did not understand.
   */
  static load(dir: string): DeclaredEntities {
    const byName = new Map<string, DeclaredEntity>();
    if (!existsSync(dir)) return new DeclaredEntities(byName);
    const files = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.jsonc?$/.test(entry.name))
      .map((entry) => path.join(dir, entry.name))
      .sort();
    for (const file of files) {
      const declared = readEntityFile(file, readFileSync(file, 'utf8'));
      const earlier = byName.get(declared.name);
      if (earlier) throw new EntityFileError(file, `${declared.name} is already declared in ${earlier.file}`);
      byName.set(declared.name, declared);
    }
    return new DeclaredEntities(byName);
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
