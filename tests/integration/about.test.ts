import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { aboutInfo, coreValues, milestones, stats, teamMembers, testimonials } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import {
  getAboutInfo,
  getStats,
  listActiveTeamMembers,
  listFeaturedTestimonials,
  listMilestones,
  listValues,
} from "~/models/about.server";
import { loader as aboutLoader } from "~/routes/site/about";
import { createTestDatabase } from "../support/test-database";

const args = (database: Database) =>
  ({
    request: new Request("http://localhost/about"),
    params: {},
    context: { db: database.db },
  }) as unknown as Parameters<typeof aboutLoader>[0];

describe("about page reads on an empty database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  it("give the spec's default statistics and no sections' content", async () => {
    const { page } = await aboutLoader(args(database));
    expect(page).toEqual({
      info: undefined,
      stats: { yearsActive: "3+", totalStudents: "800+", successRate: "95%", averageRating: "4.9/5" },
      team: [],
      values: [],
      milestones: [],
      testimonials: [],
    });
  });

  it("fill a missing statistic with its default and keep the stored ones", async () => {
    await database.db.insert(stats).values({ id: 1, yearsActive: "4+", totalStudents: null });
    expect(await getStats(database.db)).toEqual({
      yearsActive: "4+",
      totalStudents: null,
      successRate: null,
      averageRating: null,
    });
    const { page } = await aboutLoader(args(database));
    expect(page.stats).toEqual({
      yearsActive: "4+",
      totalStudents: "800+",
      successRate: "95%",
      averageRating: "4.9/5",
    });
  });

  it("sort team, values, milestones and testimonials by order (spec §9) and filter hidden ones", async () => {
    const member = { role: "Giáo viên", experience: "5 năm" };
    await database.db.insert(teamMembers).values([
      { ...member, name: "Third", order: 3 },
      { ...member, name: "Hidden", order: 0, active: false },
      { ...member, name: "First", order: 1, certifications: ["Goethe C2"], specialties: ["B1"] },
      { ...member, name: "Second", order: 2 },
    ]);
    await database.db.insert(coreValues).values([
      { title: "V2", description: "d", icon: "team", order: 2 },
      { title: "V1", description: "d", icon: "award", order: 1 },
    ]);
    await database.db.insert(milestones).values([
      { year: "2024", title: "M2", description: "d", order: 2 },
      { year: "2022", title: "M1", description: "d", order: 1 },
    ]);
    await database.db.insert(testimonials).values([
      { name: "T2", role: "r", content: "c", featured: true, order: 2, rating: 4 },
      { name: "Not featured", role: "r", content: "c", featured: false, order: 1 },
      { name: "T1", role: "r", content: "c", featured: true, order: 1 },
    ]);

    const team = await listActiveTeamMembers(database.db);
    expect(team.map((m) => m.name)).toEqual(["First", "Second", "Third"]);
    expect(team[0]).toMatchObject({ certifications: ["Goethe C2"], specialties: ["B1"], avatar: null });
    expect((await listValues(database.db)).map((v) => [v.title, v.icon])).toEqual([
      ["V1", "award"],
      ["V2", "team"],
    ]);
    expect((await listMilestones(database.db)).map((m) => m.title)).toEqual(["M1", "M2"]);
    // The rating column defaults to 5 (spec §9) when none is given.
    expect((await listFeaturedTestimonials(database.db)).map((t) => [t.name, t.rating])).toEqual([
      ["T1", 5],
      ["T2", 4],
    ]);
  });
});

describe("about page reads with the demo content", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoContent(database.db);
  });

  it("show every section of the demo", async () => {
    const { page } = await aboutLoader(args(database));
    expect(page.info?.mission).toMatch(/tiếng Đức/);
    expect(page.stats).toEqual({
      yearsActive: "3+",
      totalStudents: "800+",
      successRate: "95%",
      averageRating: "4.9/5",
    });
    expect(page.team.length).toBeGreaterThanOrEqual(3);
    expect(page.values.length).toBeGreaterThanOrEqual(4);
    expect(page.milestones.length).toBeGreaterThanOrEqual(3);
    // One demo testimonial is not featured and stays off the page.
    expect(page.testimonials.map((t) => t.name)).not.toContain("Đặng Minh Tuấn");
    expect(page.testimonials.length).toBeGreaterThanOrEqual(1);
  });

  it("report about/info as missing when its document is gone", async () => {
    await database.db.delete(aboutInfo);
    expect(await getAboutInfo(database.db)).toBeUndefined();
  });

  it("fail the page load (→ its translated error block) when a part cannot be read", async () => {
    await database.pool.query("alter table milestones rename to milestones_unavailable");
    try {
      await expect(aboutLoader(args(database))).rejects.toThrow(/milestones/);
    } finally {
      await database.pool.query("alter table milestones_unavailable rename to milestones");
    }
    await expect(aboutLoader(args(database))).resolves.toBeDefined();
  });
});
