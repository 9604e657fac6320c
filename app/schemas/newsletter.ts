// The newsletter box: one email field. Browser-safe; the action is the authority.
import { z } from "zod";
import { emailField, returnPathField } from "./fields";

/** A path on this site to come back to after a form post without JavaScript ("/blog?q=x"). */
export const localPath = returnPathField("/blog");

export const newsletterSubscribeSchema = z.object({
  email: emailField,
  redirectTo: localPath.optional(),
});

/** Confirm and unsubscribe links carry a random token (base64url, 43 characters). */
export const newsletterTokenSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{20,100}$/);
