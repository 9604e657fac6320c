// spec §2 Public header: Home, Courses, Enroll, Contact, and "More" with About and Blog.
export const primaryNavigation = [
  { to: "/", label: "nav.home" },
  { to: "/courses", label: "nav.courses" },
  { to: "/enroll", label: "nav.enroll" },
  { to: "/contact", label: "nav.contact" },
] as const;

export const moreNavigation = [
  { to: "/about", label: "nav.about" },
  { to: "/blog", label: "nav.blog" },
] as const;
