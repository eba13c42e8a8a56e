/** The desktop sidebar's expanded/collapsed state, kept in a cookie for 7 days (spec section 4). */
export const sidebarCookie = { name: "sidebar_state", maxAgeSeconds: 7 * 24 * 60 * 60 } as const;

export function isCollapsedCookie(value: string | undefined): boolean {
  return value === "collapsed";
}

export function writeSidebarCookie(collapsed: boolean) {
  document.cookie = `${sidebarCookie.name}=${collapsed ? "collapsed" : "expanded"}; path=/; max-age=${sidebarCookie.maxAgeSeconds}; samesite=lax`;
}
