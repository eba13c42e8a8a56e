"use client";

import { ArrowRight } from "lucide-react";
import Link from "next/link";

import { missionControlCards, type MissionControlCard } from "@/lib/dashboard/home";

const cardStyle =
  "group flex h-full w-full flex-col gap-4 rounded-xl border border-border bg-card p-5 text-left transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

function CardBody({ card }: { card: MissionControlCard }) {
  const Icon = card.icon;
  return (
    <>
      <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="grid gap-1">
        <span className="flex items-center justify-between gap-2 font-semibold">
          {card.title}
          <ArrowRight
            aria-hidden="true"
            className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
          />
        </span>
        <span className="text-sm text-muted-foreground">{card.description}</span>
      </span>
    </>
  );
}

/** The six Mission Control cards, each a link to its screen. */
export function MissionControl() {
  return (
    <section aria-labelledby="mission-control-heading" className="grid gap-4">
      <h2 id="mission-control-heading" className="text-xl font-semibold tracking-tight">
        Mission Control
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {missionControlCards.map((card) => (
          <li key={card.title}>
            <Link href={card.href} className={cardStyle}>
              <CardBody card={card} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
