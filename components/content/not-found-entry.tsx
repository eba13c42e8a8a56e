import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

/** 'Post Not Found' / 'Tutorial Not Found' with the way back to the list. */
export function NotFoundEntry({ title, back }: { title: string; back: { href: string; label: string } }) {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-24 text-center">
      <div>
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-3 max-w-md text-muted-foreground">It may have been renamed or removed.</p>
        <Button asChild size="lg" className="mt-8">
          <Link href={back.href}>
            <ArrowLeft /> {back.label}
          </Link>
        </Button>
      </div>
    </section>
  );
}
