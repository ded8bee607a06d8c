// The props the Go server passes to render(): generated from the Go types
// into client/gen (make generate); RenderProps narrows data per page.
import type { DocumentProps } from "./gen/web";

export type { Manifest } from "./gen/ssr";
export type { PageRegion as RegionRef, RegionChoice, PageURLs as PageURL } from "./gen/web";

export interface RenderProps<D = unknown> extends Omit<DocumentProps, "data"> {
  data: D;
}
