import { NotFoundEntry } from "@/components/content/not-found-entry";

export default function PostNotFound() {
  return <NotFoundEntry title="Post Not Found" back={{ href: "/blog", label: "Back to Blog" }} />;
}
