import { cn } from "@/lib/utils";

const methods: [string, string][] = [
  ["db.get(key)", "the stored value, or null when the key is absent"],
  ["db.set(key, value)", "stores any JSON value: text, number, true/false, null, an array or an object"],
  ["db.delete(key)", "removes the key; true if it existed"],
  ["db.list(prefix)", "[{ key, value }] for every key starting with prefix, sorted by key"],
  ["db.increment(key, by = 1)", "adds to a number (a missing key counts as 0) and returns the new value"],
];

const example = `// commands/visits.js
async execute(interaction, { db }) {
  const visits = await db.increment(\`visits:\${interaction.user.id}\`);
  await db.set("lastVisitor", { id: interaction.user.id, at: Date.now() });
  const everyone = await db.list("visits:");
  await interaction.reply(\`Visit #\${visits}; \${everyone.length} people have visited.\`);
}`;

/** How bot code reads and writes these keys: the five methods and a tiny example. */
export function DatabaseApiReference({ className }: { className?: string }) {
  return (
    <div className={cn("grid gap-3 text-left text-sm", className)}>
      <p className="text-muted-foreground">
        Your bot&apos;s commands receive the database as <code className="font-mono text-foreground">db</code> in their
        context. Every method is async:
      </p>
      <ul className="grid gap-1.5">
        {methods.map(([signature, meaning]) => (
          <li key={signature} className="grid gap-0.5 sm:grid-cols-[15rem_1fr] sm:gap-3">
            <code className="font-mono text-foreground">{signature}</code>
            <span className="text-muted-foreground">{meaning}</span>
          </li>
        ))}
      </ul>
      <pre className="overflow-x-auto rounded-lg border border-border bg-muted/40 p-3 font-mono text-xs leading-relaxed text-foreground">
        <code>{example}</code>
      </pre>
      <p className="text-xs text-muted-foreground">
        Run locally with <code className="font-mono">node index.js</code>, the same API stores keys in{" "}
        <code className="font-mono">data/db.json</code>. Keys are up to 256 characters; values up to 100 KB of JSON.
      </p>
    </div>
  );
}

/** The reference folded away under the table, for when the database already has keys. */
export function DatabaseHelp() {
  return (
    <details className="group rounded-xl border border-border bg-card/60 p-4">
      <summary className="cursor-pointer text-sm font-medium marker:text-muted-foreground">
        Using the database from your bot&apos;s code
      </summary>
      <DatabaseApiReference className="mt-3" />
    </details>
  );
}
