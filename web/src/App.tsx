import { ApolloProvider } from "@apollo/client/react";
import { useState } from "react";
import { RouterProvider } from "react-router-dom";
import { createApolloClient } from "./apollo";
import { createAppRouter } from "./routes/routes";

export function App() {
  const [client] = useState(createApolloClient);
  const [router] = useState(createAppRouter);
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
