import { z } from "zod";

/** A zod error as one line ("✖ message → at path; ✖ …"), for stderr and JSON error bodies. */
export function oneLineError(error: z.ZodError): string {
  return z.prettifyError(error).replace(/\n\s*/g, " ");
}
