import { Sparkles } from "lucide-react";

import { describePlaces, placesStillThere } from "@/lib/simulator/places";
import type { SimulatorGuild } from "@/lib/simulator/types";

/**
 * In the bot's own test server: the channels and roles the simulator added there because the
 * bot's blueprint uses them (those still there), so the user knows where they came from.
 */
export function PlacesNotice({ guild, botId }: { guild: SimulatorGuild; botId: string }) {
  if (guild.botId !== botId) return null;
  const added = describePlaces(placesStillThere(guild.botPlaces, guild));
  if (!added) return null;
  return (
    <p
      role="status"
      data-testid="test-server-places"
      className="flex items-start gap-2 rounded-xl border border-border bg-card/60 p-3 text-sm"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-500" />
      <span>Added {added} to your test server for this bot.</span>
    </p>
  );
}
