import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

export function NotFoundContent() {
  return (
    <section className="relative flex min-h-[70vh] items-center justify-center overflow-hidden px-4 py-24">
      <div className="absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_center,black,transparent_70%)]" />
      <div className="relative text-center">
        <p className="text-gradient text-8xl font-bold tracking-tighter sm:text-9xl">404</p>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Oops! Page not found</h1>
        <p className="mx-auto mt-3 max-w-md text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link href="/">
            <ArrowLeft /> Return to Home
          </Link>
        </Button>
      </div>
    </section>
  );
}
