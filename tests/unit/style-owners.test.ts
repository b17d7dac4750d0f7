import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Selector, transform } from "lightningcss";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No CSS rule without an owner, no class without a rule. Every selector of a stylesheet under web/src
 * matches what some component (web/src/**\/*.tsx|ts) renders, and every class a component renders is
 * styled there, or read by an end-to-end test or by the app's own code (`.locator(".x")`).
 *
 * Stylesheets are parsed with lightningcss, components with the TypeScript parser. A `className` is
 * followed through template literals, conditionals, `&&`/`||`, `[...].join(" ")` and the file's
 * constants; a part known only at run time (`flag-${text}`, `is-${status}`) makes the class a pattern
 * (`flag-*`) that a stylesheet's class must match. A selector is matched compound by compound: the
 * classes of one compound (`.tab.is-active`) must be on one class list a component renders, and a
 * compound under another (`.gene-card .tabs`) must be rendered by the same component, by one it
 * imports (directly or not), or by one imported by a component that uses it (children passed in).
 */
const root = path.resolve(__dirname, "../..");
const src = path.join(root, "web", "src");

/**
 * Classes our stylesheets style that no component of ours renders: a library renders them inside an
 * element of ours, and our CSS adjusts them. Their selectors are still checked for our part.
 */
const RENDERED_BY_LIBRARIES: Record<string, string> = {
  // GraphiQL's layout, stacked for narrow screens (web/src/routes/explorer/explorer.css).
  "graphiql-container": "GraphiQL",
  "graphiql-editors": "GraphiQL",
  "graphiql-horizontal-drag-bar": "GraphiQL",
  "graphiql-response": "GraphiQL",
  "graphiql-sessions": "GraphiQL",
  // GraphiQL's own parts whose contrast and layout the explorer overrides (WCAG 2.1 AA, docs pane closed).
  "graphiql-dialog": "GraphiQL",
  "graphiql-dialog-overlay": "GraphiQL",
  "graphiql-doc-explorer": "GraphiQL",
  "graphiql-logo": "GraphiQL",
  "graphiql-main": "GraphiQL",
  "graphiql-plugin": "GraphiQL",
  "graphiql-sidebar": "GraphiQL",
  "graphiql-tabs": "GraphiQL",
  "graphiql-tooltip": "GraphiQL",
};

/**
 * Classes a component renders that nothing styles or reads, each with the reason it stays. Not for
 * run-time parts (`is-${status}`): those are patterns, checked against the stylesheets.
 */
const UNSTYLED_ON_PURPOSE: Record<string, string> = {};

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const rel = (file: string) => path.relative(root, file);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
const components = filesUnder(src, (name) => /\.tsx?$/.test(name)).filter(
  (file) => !rel(file).startsWith("web/src/gql/"),
);

// ---------- Stylesheets ----------

interface StyledSelector {
  /** The class sets of the selector's compounds, outermost first (`.a.b > .c` is [[a, b], [c]]). */
  compounds: string[][];
  /** file:line of the rule. */
  where: string;
}

/** A selector and the selectors nested in it (`:not(.x)`, `:is()`, `:has()`, `:nth-child(of)`). */
function withNested(selector: Selector): Selector[] {
  const nested = selector.flatMap((component) =>
    Object.values(component).flatMap((value) =>
      Array.isArray(value) && value.length > 0 && value.every(Array.isArray)
        ? (value as Selector[]).flatMap(withNested)
        : [],
    ),
  );
  return [selector, ...nested];
}

/** The class sets of a selector's compounds; compounds without a class (`td`, `::before`) are left out. */
function compoundClasses(selector: Selector): string[][] {
  const sets: string[][] = [[]];
  for (const component of selector) {
    if (component.type === "combinator") sets.push([]);
    else if (component.type === "class") sets.at(-1)!.push(component.name);
  }
  return sets.filter((set) => set.length > 0);
}

/** Every selector with a class in the stylesheets under web/src, nested ones on their own. */
function styledSelectors(): StyledSelector[] {
  const found: StyledSelector[] = [];
  for (const file of filesUnder(src, (name) => name.endsWith(".css")))
    transform({
      filename: file,
      code: readFileSync(file),
      visitor: {
        Rule: {
          style(rule) {
            const where = `${rel(file)}:${rule.value.loc.line + 1}`;
            for (const selector of rule.value.selectors.flatMap(withNested)) {
              const compounds = compoundClasses(selector);
              if (compounds.length > 0) found.push({ compounds, where });
            }
          },
        },
      },
    });
  return found;
}

// ---------- Components ----------

/** Stands for a part of a class list known only at run time. */
const UNKNOWN = "\u0000";
/** Stands for `undefined`, `null` or `false`: no class at all, and a class built on it is never rendered. */
const NOTHING = "\u0001";
/** The alternatives of one class list are multiplied out up to this many. */
const MAX_ALTERNATIVES = 64;

/** The values a class-list expression can have; UNKNOWN marks a part known only at run time. */
function classValues(
  node: ts.Expression,
  constants: Map<string, ts.Expression[]>,
  seen: ReadonlySet<string> = new Set(),
): string[] {
  const values = (expression: ts.Expression) => classValues(expression, constants, seen);
  const product = (parts: string[][]) =>
    parts.reduce<string[]>(
      (acc, options) => acc.flatMap((a) => options.map((o) => a + o)).slice(0, MAX_ALTERNATIVES),
      [""],
    );
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return product([
      [node.head.text],
      ...node.templateSpans.flatMap((span) => [values(span.expression), [span.literal.text]]),
    ]);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    return values(node.expression);
  if (ts.isConditionalExpression(node)) return [...values(node.whenTrue), ...values(node.whenFalse)];
  if (ts.isBinaryExpression(node))
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken:
        return product([values(node.left), values(node.right)]);
      case ts.SyntaxKind.AmpersandAmpersandToken:
        return [...values(node.right), NOTHING];
      case ts.SyntaxKind.BarBarToken:
      case ts.SyntaxKind.QuestionQuestionToken:
        return [...values(node.left), ...values(node.right)];
    }
  // NavLink's className={({ isActive }) => ...}.
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return values(node.body);
  // [a, b && "c"].filter(Boolean).join(" "): every element's classes side by side.
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    let target: ts.Expression = node.expression;
    while (ts.isPropertyAccessExpression(target) || ts.isCallExpression(target)) target = target.expression;
    if (ts.isArrayLiteralExpression(target))
      return [target.elements.flatMap((element) => values(element as ts.Expression)).join(" ")];
  }
  if (ts.isIdentifier(node)) {
    if (node.text === "undefined") return [NOTHING];
    const declared = constants.get(node.text);
    if (declared && !seen.has(node.text)) {
      const inner = new Set([...seen, node.text]);
      return declared.flatMap((expression) => classValues(expression, constants, inner));
    }
  }
  if (node.kind === ts.SyntaxKind.NullKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return [NOTHING];
  return [UNKNOWN];
}

/** One class list a component can render: one alternative of a `className` expression. */
interface RenderedList {
  file: string;
  /** Classes written out in full. */
  names: Set<string>;
  /** Classes with a run-time part (`tile-${icon}`), as patterns. */
  patterns: { pattern: string; re: RegExp }[];
  /** Takes classes from its caller too (`${className}`), which could be any. */
  open: boolean;
  /** file:line of the expression. */
  where: string;
}

const patternRegExp = (pattern: string) =>
  new RegExp(`^${pattern.split(UNKNOWN).map(escapeRegExp).join("[\\w-]+")}$`);

/** Every class list a component can render: `className` attributes and `className:` properties. */
function renderedLists(): RenderedList[] {
  const found: RenderedList[] = [];
  for (const file of components) {
    const source = parse(file);
    const constants = new Map<string, ts.Expression[]>();
    const expressions: ts.Expression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        constants.set(node.name.text, [...(constants.get(node.name.text) ?? []), node.initializer]);
      if (ts.isJsxAttribute(node) && node.name.getText(source) === "className" && node.initializer) {
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (value) expressions.push(value);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === "className")
        expressions.push(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const expression of expressions) {
      const where = `${rel(file)}:${source.getLineAndCharacterOfPosition(expression.getStart(source)).line + 1}`;
      for (const value of classValues(expression, constants)) {
        // `is-${level}` where level may be undefined is rendered only when it is not (a guard).
        const tokens = value.split(/\s+/).filter((token) => token !== "" && !token.includes(NOTHING));
        found.push({
          file,
          names: new Set(tokens.filter((token) => !token.includes(UNKNOWN))),
          patterns: tokens
            .filter((token) => token.includes(UNKNOWN) && token !== UNKNOWN)
            .map((pattern) => ({ pattern, re: patternRegExp(pattern) })),
          open: tokens.includes(UNKNOWN),
          where,
        });
      }
    }
  }
  return found;
}

interface Imports {
  /** `import ... from "./x"`: components this one can render, and pass children to. */
  static: Set<string>;
  /** `import("./x")`, `import.meta.glob("./*\/*Page.tsx")`: screens and lazy parts it loads. */
  dynamic: Set<string>;
}

/** The component files each one imports. */
function importGraph(): Map<string, Imports> {
  const resolve = (from: string, specifier: string) =>
    ["", ".tsx", ".ts", "/index.tsx", "/index.ts"]
      .map((ending) => path.resolve(path.dirname(from), specifier) + ending)
      .find((candidate) => components.includes(candidate));
  const graph = new Map<string, Imports>();
  for (const file of components) {
    const imports: Imports = { static: new Set(), dynamic: new Set() };
    const add = (set: Set<string>, specifier: string) => {
      const target = specifier.startsWith(".") ? resolve(file, specifier) : undefined;
      if (target) set.add(target);
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        !node.importClause?.isTypeOnly
      )
        add(imports.static, node.moduleSpecifier.text);
      if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const specifier = node.arguments[0].text;
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(imports.dynamic, specifier);
        if (node.expression.getText() === "import.meta.glob") {
          const glob = path.resolve(path.dirname(file), specifier);
          const re = new RegExp(`^${glob.split("*").map(escapeRegExp).join("[^/]*")}$`);
          for (const candidate of components) if (re.test(candidate)) imports.dynamic.add(candidate);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
    graph.set(file, imports);
  }
  return graph;
}

// ---------- Other readers of class names ----------

/**
 * The strings of the end-to-end tests and of the app's own code (`.locator(".x")`, `querySelector`):
 * a class named there as `.x` is a hook, styled or not.
 */
function hookStrings(): string {
  const strings: string[] = [];
  for (const file of [
    ...filesUnder(path.join(root, "tests", "e2e"), (name) => name.endsWith(".ts")),
    ...components,
  ]) {
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.push(node.text);
      // expect(x).toHaveClass(/is-open/) reads the class too.
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "toHaveClass"
      )
        for (const argument of node.arguments)
          if (ts.isRegularExpressionLiteral(argument) || ts.isStringLiteralLike(argument))
            strings.push(`.${argument.text.replace(/^\/|\/[a-z]*$/g, "")}`);
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return strings.join("\n");
}

const readAsSelector = (strings: string, name: string) =>
  new RegExp(`\\.${escapeRegExp(name)}(?![\\w-])`).test(strings);

// ---------- The checks ----------

describe("every CSS rule has an owner", () => {
  const styled = styledSelectors();
  const styledNames = new Set(styled.flatMap(({ compounds }) => compounds.flat()));
  const lists = renderedLists();
  const graph = importGraph();
  const importers = new Map<string, string[]>();
  for (const [file, imports] of graph)
    for (const target of imports.static) importers.set(target, [...(importers.get(target) ?? []), file]);

  const reachCache = new Map<string, Set<string>>();
  /** A file and every component file it imports, directly or not. */
  const reach = (file: string): Set<string> => {
    let found = reachCache.get(file);
    if (found) return found;
    found = new Set([file]);
    const queue = [file];
    while (queue.length > 0) {
      const imports = graph.get(queue.pop()!);
      for (const next of [...(imports?.static ?? []), ...(imports?.dynamic ?? [])])
        if (!found.has(next)) {
          found.add(next);
          queue.push(next);
        }
    }
    reachCache.set(file, found);
    return found;
  };
  /**
   * The files whose markup can be inside (or beside) what `file` renders: those it imports, directly or
   * not, and those imported by a component that imports it (the children it is passed).
   */
  const within = (file: string) =>
    new Set([file, ...(importers.get(file) ?? [])].flatMap((owner) => [...reach(owner)]));

  const renders = (list: RenderedList, name: string) =>
    list.names.has(name) || list.patterns.some(({ re }) => re.test(name));
  /** The files with a class list that has all the classes of one compound. */
  const rendering = (classes: string[]) => {
    if (classes.every((name) => name in RENDERED_BY_LIBRARIES)) return null;
    const matches = (list: RenderedList) => {
      const missing = classes.filter((name) => !renders(list, name) && !(name in RENDERED_BY_LIBRARIES));
      if (missing.length === classes.length) return false;
      // What a caller passes in may complete the compound, next to a class the list names outright.
      return missing.length === 0 || (list.open && classes.some((name) => list.names.has(name)));
    };
    return new Set(lists.filter(matches).map(({ file }) => file));
  };

  it("finds the stylesheets and the components", () => {
    expect(styled.length).toBeGreaterThan(1000);
    expect(lists.length).toBeGreaterThan(500);
  });

  it("styles no class, and no classes together, that no component renders", () => {
    const unrendered = styled.flatMap(({ compounds, where }) =>
      compounds
        .filter((classes) => rendering(classes)?.size === 0)
        .map((classes) => `.${classes.join(".")} (${where})`),
    );
    expect(unrendered, "compound selectors that no component's class list matches").toEqual([]);
  });

  it("styles no class under another that no component renders there", () => {
    const misplaced = styled
      .filter(({ compounds }) => compounds.length > 1)
      .filter(({ compounds }) => {
        // The files that can render each compound where the selector wants it, outermost first; a
        // library's markup (null) can be anywhere.
        let owners = null as Set<string> | null;
        for (const classes of compounds) {
          const files = rendering(classes);
          if (files === null) continue;
          const scope: Set<string> | null =
            owners === null ? null : new Set([...owners].flatMap((file) => [...within(file)]));
          owners = new Set([...files].filter((file) => scope === null || scope.has(file)));
          if (owners.size === 0) return true;
        }
        return false;
      })
      .map(({ compounds, where }) => `${compounds.map((c) => `.${c.join(".")}`).join(" ")} (${where})`);
    expect(misplaced, "selectors whose classes are never rendered one within the other").toEqual([]);
  });

  it("renders no class that no stylesheet styles, no test and no script reads", () => {
    const hooks = hookStrings();
    const unstyled = new Map<string, string>();
    for (const list of lists)
      for (const name of list.names)
        if (!styledNames.has(name) && !(name in UNSTYLED_ON_PURPOSE) && !readAsSelector(hooks, name))
          if (!unstyled.has(name)) unstyled.set(name, list.where);
    expect(
      [...unstyled].map(([name, where]) => `${name} (${where})`),
      "classes rendered by a component that nothing styles or reads",
    ).toEqual([]);
  });

  it("builds no class name that no stylesheet has", () => {
    const unmatched = lists
      .flatMap(({ patterns, where }) => patterns.map(({ pattern, re }) => ({ pattern, re, where })))
      .filter(({ re }) => ![...styledNames].some((name) => re.test(name)))
      .map(({ pattern, where }) => `${pattern.replaceAll(UNKNOWN, "*")} (${where})`);
    expect(unmatched, "class-name patterns that match no class of any stylesheet").toEqual([]);
  });

  it("keeps its allow-lists to classes that need them", () => {
    expect(Object.keys(UNSTYLED_ON_PURPOSE).filter((name) => styledNames.has(name))).toEqual([]);
    expect(
      Object.keys(RENDERED_BY_LIBRARIES).filter((name) => lists.some((list) => renders(list, name))),
    ).toEqual([]);
  });
});
