import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";

/** Sign-in, sign-up and the emailed-link screens: the public header and footer around one centred card. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary-fill px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main
        id="main"
        className="relative isolate flex flex-1 items-start overflow-hidden px-4 pt-28 pb-16 sm:px-6 sm:pt-32 sm:pb-24"
      >
        <div className="absolute inset-0 -z-10 bg-grid [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
        <div className="absolute top-0 left-1/2 -z-10 h-[24rem] w-[40rem] max-w-full -translate-x-1/2 glow-soft" />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
