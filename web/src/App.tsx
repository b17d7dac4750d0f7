import type { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { useEffect } from "react";
import type { createBrowserRouter } from "react-router-dom";
import { RouterProvider } from "react-router-dom";
import { APP_READY_ATTRIBUTE } from "./lib/appStart";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app, with the router and the Apollo client boot.tsx made (its cache restored from the page). */
export function App({ router, client }: { router: AppRouter; client: ApolloClient }) {
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, "true"), []);
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
