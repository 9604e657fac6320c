// Reads for the about page (spec §2 About, §3). Writes belong to the admin issue; each of them
// ends with notifyChange(tx, <the topic named on each function below>).
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aboutInfo, coreValues, milestones, stats, teamMembers, testimonials } from "~/db/schema";

/** Document about/info (topic "about"), or undefined when none is stored. */
export async function getAboutInfo(db: Db) {
  const [row] = await db
    .select({
      mission: aboutInfo.mission,
      vision: aboutInfo.vision,
      method: aboutInfo.method,
      description: aboutInfo.description,
      commitment: aboutInfo.commitment,
    })
    .from(aboutInfo)
    .limit(1);
  return row;
}

/** Document stats/general as stored (topic "stats"); fields may be null. The page fills the
 * gaps with statsWithDefaults (app/schemas/about.ts). */
export async function getStats(db: Db) {
  const [row] = await db
    .select({
      yearsActive: stats.yearsActive,
      totalStudents: stats.totalStudents,
      successRate: stats.successRate,
      averageRating: stats.averageRating,
    })
    .from(stats)
    .limit(1);
  return row;
}

/** Active team members by `order` (spec §3: active false hides the member; §9). Topic "team". */
export async function listActiveTeamMembers(db: Db) {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      role: teamMembers.role,
      experience: teamMembers.experience,
      education: teamMembers.education,
      certifications: teamMembers.certifications,
      specialties: teamMembers.specialties,
      achievements: teamMembers.achievements,
      avatar: teamMembers.avatar,
      color: teamMembers.color,
    })
    .from(teamMembers)
    .where(eq(teamMembers.active, true))
    .orderBy(asc(teamMembers.order), asc(teamMembers.createdAt), asc(teamMembers.id));
}

/** Core values by `order` (spec §9). Topic "values". */
export async function listValues(db: Db) {
  return db
    .select({
      id: coreValues.id,
      title: coreValues.title,
      description: coreValues.description,
      icon: coreValues.icon,
      color: coreValues.color,
    })
    .from(coreValues)
    .orderBy(asc(coreValues.order), asc(coreValues.createdAt), asc(coreValues.id));
}

/** Milestones by `order` (spec §9). Topic "milestones". */
export async function listMilestones(db: Db) {
  return db
    .select({
      id: milestones.id,
      year: milestones.year,
      title: milestones.title,
      description: milestones.description,
    })
    .from(milestones)
    .orderBy(asc(milestones.order), asc(milestones.createdAt), asc(milestones.id));
}

/** Testimonials flagged featured, by `order` (spec §2 About, §9). Topic "testimonials". */
export async function listFeaturedTestimonials(db: Db) {
  return db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      role: testimonials.role,
      content: testimonials.content,
      rating: testimonials.rating,
      result: testimonials.result,
      avatar: testimonials.avatar,
    })
    .from(testimonials)
    .where(eq(testimonials.featured, true))
    .orderBy(asc(testimonials.order), asc(testimonials.createdAt), asc(testimonials.id));
}
