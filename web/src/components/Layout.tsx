import { Outlet, ScrollRestoration, useNavigation } from "react-router-dom";
import { Footer } from "./Footer";
import { NavBar } from "./NavBar";
import { SampleDataNotice } from "./SampleDataNotice";
import { VisitRecorder } from "./VisitRecorder";

/** The app shell: navigation, sample-data notice, the screen, and the footer. */
export function Layout() {
  const navigation = useNavigation();
  return (
    <div className="app">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      {navigation.state === "loading" && (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <NavBar />
      <SampleDataNotice />
      <main id="main-content" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <VisitRecorder />
      <ScrollRestoration />
    </div>
  );
}
