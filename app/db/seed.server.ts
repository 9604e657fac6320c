import { sql } from "drizzle-orm";
import type { Db } from "./client.server";
import {
  demoAboutInfo,
  demoContactConfig,
  demoCourses,
  demoMilestones,
  demoPosts,
  demoStats,
  demoTeamMembers,
  demoTestimonials,
  demoValues,
} from "./demo-content";
import {
  aboutInfo,
  contactConfig,
  coreValues,
  courses,
  milestones,
  posts,
  stats,
  teamMembers,
  testimonials,
} from "./schema";

/** Fills an empty database with the demo content (architecture §4, SEED_DEMO). A database
 * that already has any content is left alone, so deleting demo rows never brings them back.
 * Returns whether anything was added. */
export async function seedDemoContent(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes booting together on one database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:seed'))`);
    const { rows } = await tx.execute<{ has_content: boolean }>(sql`
      select exists(select 1 from ${courses}) or exists(select 1 from ${posts})
          or exists(select 1 from ${contactConfig}) or exists(select 1 from ${aboutInfo}) as has_content`);
    if (rows[0]?.has_content) return false;
    await tx.insert(courses).values(demoCourses);
    await tx.insert(posts).values(demoPosts.map((post) => ({ ...post, updatedAt: post.createdAt })));
    await tx.insert(contactConfig).values({ id: 1, ...demoContactConfig });
    await tx.insert(aboutInfo).values({ id: 1, ...demoAboutInfo });
    await tx.insert(stats).values({ id: 1, ...demoStats });
    await tx.insert(teamMembers).values(demoTeamMembers);
    await tx.insert(coreValues).values(demoValues);
    await tx.insert(milestones).values(demoMilestones);
    await tx.insert(testimonials).values(demoTestimonials);
    return true;
  });
}
