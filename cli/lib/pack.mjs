// `cipher deploy` packs the project as the server's import reads it: a zip of the source files,
// honouring .gitignore, always without node_modules, .git and .env files (secrets stay local).
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";

import { zipSync } from "fflate";
import ignore from "ignore";

const alwaysLeftOut = ["node_modules/", ".git/", ".env", ".env.*", "__pycache__/", ".venv/", "venv/", ".DS_Store"];
/** The server takes 10 MB of zip; a project near it is stopped here with a clear message. */
export const maxZipBytes = 10 * 1024 * 1024;

async function gitignoreOf(root) {
  const rules = ignore().add(alwaysLeftOut);
  try {
    rules.add(await readFile(join(root, ".gitignore"), "utf8"));
  } catch {
    // No .gitignore: only the fixed rules.
  }
  return rules;
}

/** The project's files, relative, with "/" separators, in a stable order. */
export async function projectFiles(root) {
  const rules = await gitignoreOf(root);
  const found = [];
  async function walk(directory) {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const full = join(directory, entry.name);
      const path = relative(root, full).split(sep).join("/");
      if (entry.isDirectory()) {
        if (!rules.ignores(`${path}/`)) await walk(full);
      } else if (entry.isFile() && !rules.ignores(path)) {
        found.push(path);
      }
    }
  }
  await walk(root);
  return found.sort();
}

/** The zip of the project, with what it holds. */
export async function packProject(root) {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`${root} is not a folder.`);
  const paths = await projectFiles(root);
  if (!paths.length) throw new Error(`${root} has no files to deploy (after .gitignore).`);
  const entries = {};
  let bytes = 0;
  for (const path of paths) {
    const content = await readFile(join(root, path));
    bytes += content.byteLength;
    entries[path] = new Uint8Array(content);
  }
  const zip = zipSync(entries, { level: 6 });
  if (zip.byteLength > maxZipBytes) {
    throw new Error(
      `The project packs to ${(zip.byteLength / 1024 / 1024).toFixed(1)} MB; Cipher takes 10 MB at most. Add what the bot does not need to .gitignore.`,
    );
  }
  return { zip, paths, bytes };
}
