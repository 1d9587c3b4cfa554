/** Where the figures of an approval's outcome stood (SPEC §11.1: they are figures of the turn that reports it). */
export const OUTCOME = "approval outcome";
