import { SearchX } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { describePlaces, type BotPlaces } from "@/lib/simulator/places";

/**
 * Overview: the channels and roles the bot looked for by name since it last started and its
 * server does not have (lib/bots/missing-places.ts), in plain words, with what to do.
 */
export function MissingPlacesCard({
  botId,
  places,
  connectTo,
}: {
  botId: string;
  places: BotPlaces;
  connectTo: string;
}) {
  const missing = describePlaces(places);
  if (!missing) return null;
  const them = places.channels.length + places.roles.length === 1 ? "it" : "them";
  return (
    <section
      aria-labelledby="missing-places-heading"
      className="grid gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
    >
      <div className="flex items-start gap-3">
        <SearchX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        <div className="grid min-w-0 gap-1">
          <h2 id="missing-places-heading" className="font-semibold [overflow-wrap:anywhere]">
            Its server has no {missing}
          </h2>
          <p className="text-sm text-muted-foreground">
            {connectTo === "discord"
              ? `Since it last started, the bot has looked for ${them} by name and not found ${them}, so what needs ${them} did not happen. Create ${them} in your Discord server (any capitalisation), or change the names in the Builder.`
              : `Since it last started, the bot has looked for ${them} by name in its test server and not found ${them}, so what needs ${them} did not happen. In its own test server, starting it again adds ${them} for it; or change the names in the Builder.`}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-8">
        <Button asChild size="sm" variant="outline">
          <Link href={`/dashboard/bots/${botId}/logs`}>Open the log</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={`/dashboard/bots/${botId}/builder`}>Open the Builder</Link>
        </Button>
      </div>
    </section>
  );
}
