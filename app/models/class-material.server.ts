// A class's materials (issue 30): added and removed by the class's teacher (or an admin), served
// only to the class's learners with a seat and to the staff who may open the class. Files live
// in the database like images (ADR 020): every instance serves them and backups hold them.
import { and, asc, eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { classMaterials, enrollments } from "~/db/schema";
import { isStaffRole } from "~/lib/permissions";
import type { UserRole } from "~/schemas/domain";
import { holdsSeat } from "./class-seat.server";
import { getWorkspaceClass } from "./class-workspace.server";
import { ownedByLearner } from "./learner-enrollment.server";

const listed = {
  id: classMaterials.id,
  title: classMaterials.title,
  url: classMaterials.url,
  fileName: classMaterials.fileName,
  byteSize: classMaterials.byteSize,
  createdAt: classMaterials.createdAt,
};

export async function listClassMaterials(db: Db, classId: string) {
  return db
    .select(listed)
    .from(classMaterials)
    .where(eq(classMaterials.classId, classId))
    .orderBy(asc(classMaterials.createdAt));
}

export type ClassMaterial = Awaited<ReturnType<typeof listClassMaterials>>[number];

export type NewMaterial =
  | { title: string; url: string }
  | { title: string; file: { name: string; type: string; bytes: Uint8Array } };

export async function addClassMaterial(db: Db, classId: string, material: NewMaterial, createdBy: string) {
  await db.transaction(async (tx) => {
    await tx.insert(classMaterials).values(
      "url" in material
        ? { classId, title: material.title, url: material.url, createdBy }
        : {
            classId,
            title: material.title,
            fileName: material.file.name,
            contentType: material.file.type,
            byteSize: material.file.bytes.byteLength,
            data: Buffer.from(material.file.bytes),
            createdBy,
          },
    );
    await notifyChange(tx, "classes");
  });
}

/** false when it is gone (or belongs to another class). */
export async function deleteClassMaterial(db: Db, classId: string, materialId: string) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(classMaterials)
      .where(and(eq(classMaterials.id, materialId), eq(classMaterials.classId, classId)))
      .returning({ id: classMaterials.id });
    await notifyChange(tx, "classes");
    return deleted.length > 0;
  });
}

export interface MaterialViewer {
  id: string;
  role: UserRole;
  email: string;
  emailVerified: boolean;
}

/** The one rule for who may open a class's material: staff who may open the class (its teacher,
 * an admin or a consultant), or a learner holding a seat in it by their own enrolment. */
export async function mayOpenClassMaterials(db: Db, viewer: MaterialViewer, classId: string) {
  if (isStaffRole(viewer.role) && (await getWorkspaceClass(db, viewer, classId))) return true;
  const [seat] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), holdsSeat, ownedByLearner(viewer, enrollments)))
    .limit(1);
  return seat !== undefined;
}

/** A material with its bytes, for someone who may open it; undefined otherwise (whether it
 * exists is not told). */
export async function readClassMaterial(db: Db, viewer: MaterialViewer, materialId: string) {
  const [material] = await db.select().from(classMaterials).where(eq(classMaterials.id, materialId)).limit(1);
  if (!material || !(await mayOpenClassMaterials(db, viewer, material.classId))) return undefined;
  return material;
}
