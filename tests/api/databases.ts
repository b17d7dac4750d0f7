import path from "node:path";

/** The databases every API test runs against: embedded SQLite and a real MySQL/MariaDB. */
export interface TestDatabase {
  kind: "sqlite" | "mysql";
  url: string;
}

const root = path.resolve(__dirname, "../..");

export const testDatabases: TestDatabase[] = [
  {
    kind: "sqlite" as const,
    url: `sqlite:${process.env.TEST_SQLITE_PATH ?? path.join(root, "data", "test-api.sqlite")}`,
  },
  { kind: "mysql" as const, url: process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/portal_test" },
].filter((db) => (process.env.TEST_DATABASES ?? "sqlite,mysql").split(",").includes(db.kind));
