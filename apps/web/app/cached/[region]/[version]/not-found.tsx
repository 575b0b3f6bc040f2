import { PageNotFound } from "@/components/pages/not-found-view";

export default PageNotFound;
