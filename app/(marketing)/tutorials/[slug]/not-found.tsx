import { NotFoundEntry } from "@/components/content/not-found-entry";

export default function TutorialNotFound() {
  return <NotFoundEntry title="Tutorial Not Found" back={{ href: "/tutorials", label: "Back to Tutorials" }} />;
}
