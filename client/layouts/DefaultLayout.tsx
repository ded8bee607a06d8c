import type { ReactNode } from "react";
import { Header } from "../components/Header";
import { Sidebar } from "../components/Sidebar";
import { Footer } from "../components/Footer";
import { BottomNav } from "../components/BottomNav";
import type { RenderProps } from "../types";

/** DefaultLayout is the chrome of every directory page. */
export function DefaultLayout(props: RenderProps & { children: ReactNode }) {
  return (
    <>
      <Header {...props} />
      <Sidebar {...props} />
      <main className="main container">{props.children}</main>
      <Footer {...props} />
      <BottomNav lang={props.lang} region={props.region.slug} path={props.url.paths[props.lang]} regions={(props.regions ?? []).map((r) => r.slug)} />
    </>
  );
}
