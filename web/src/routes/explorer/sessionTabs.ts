/**
 * GraphiQL 5 draws its session tabs as `<ul role="tablist"><li role="tab" aria-selected><button>name
 * </button><button aria-label="Close Tab"></li></ul>`: buttons inside a tab, which axe reports
 * (nested-interactive) and a screen reader announces as one tab holding two more controls. This makes
 * them what they behave as: a labelled list ("Select active operation") of buttons, the current one
 * marked aria-current. GraphiQL sets role and aria-selected again on a tab it adds or re-renders, so an
 * observer applies it again. Returns the function that stops observing.
 */
export function plainSessionTabs(root: HTMLElement): () => void {
  const apply = () => {
    for (const list of root.querySelectorAll(".graphiql-tabs[role]")) list.removeAttribute("role");
    for (const tab of root.querySelectorAll(".graphiql-tab")) {
      if (tab.hasAttribute("role")) tab.removeAttribute("role");
      if (tab.hasAttribute("aria-selected")) tab.removeAttribute("aria-selected");
      const button = tab.querySelector(".graphiql-tab-button");
      const current = tab.classList.contains("graphiql-tab-active");
      if (!button || button.hasAttribute("aria-current") === current) continue;
      if (current) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["role", "aria-selected", "class"],
  });
  return () => observer.disconnect();
}
