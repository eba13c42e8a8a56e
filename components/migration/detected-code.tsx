import { Badge } from "@/components/ui/badge";
import type { CodeFindings } from "@/lib/bots/import/code-findings";

function Group({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  const id = `detected-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className="min-w-0">
      <h3 id={id} className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-2 flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item}>
              <Badge variant="outline" className="max-w-full font-mono break-all whitespace-normal">
                {item}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The commands, events and intents found in discord.js or discord.py code. */
export function DetectedCode({ findings }: { findings: CodeFindings }) {
  const slash = findings.commands.filter((command) => command.kind === "slash").map((command) => `/${command.name}`);
  const prefix = findings.commands.filter((command) => command.kind === "prefix").map((command) => command.name);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Group title="Slash commands" items={slash} empty="None found." />
      <Group title="Prefix commands" items={prefix} empty="None found." />
      <Group title="Events" items={findings.events} empty="None found." />
      <Group title="Intents" items={findings.intents} empty="None found." />
    </div>
  );
}
