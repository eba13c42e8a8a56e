import { LegalPage } from "@/components/site/legal-page";
import { cookiePolicy } from "@/lib/site/legal";
import { pageMetadata } from "@/lib/site/metadata";

import { CookiePreferencesButton } from "./_components/cookie-preferences-button";

export const metadata = pageMetadata({
  title: cookiePolicy.title,
  description: cookiePolicy.description,
  path: cookiePolicy.path,
});

export default function CookiesPage() {
  return <LegalPage document={cookiePolicy} actions={<CookiePreferencesButton />} />;
}
