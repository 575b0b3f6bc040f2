import { z } from "zod";

/** Sign-up and sign-in forms: one schema each, shared by the website's forms and the server. */
export const passwordRules = { minLength: 10, maxLength: 200 } as const;

export const signInSchema = z.object({
  email: z.email("Enter your email address.").max(320),
  password: z.string().min(1, "Enter your password.").max(passwordRules.maxLength),
});

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Enter the name people will see on your plugins.").max(60, "Use at most 60 characters."),
  email: z.email("Enter a valid email address.").max(320),
  password: z
    .string()
    .min(passwordRules.minLength, `Use at least ${passwordRules.minLength} characters.`)
    .max(passwordRules.maxLength, `Use at most ${passwordRules.maxLength} characters.`),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "Choose your country.")
    .optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Account basics (docs/accounts.md): the same rules as sign-up, one schema per form. */
export const profileSchema = signUpSchema.pick({ name: true }).extend({
  country: z.union([z.literal(""), z.string().regex(/^[A-Z]{2}$/, "Choose your country.")]).transform((value) => value || null),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().max(passwordRules.maxLength).default(""),
  newPassword: signUpSchema.shape.password,
});

export const passwordResetRequestSchema = signUpSchema.pick({ email: true });

/** A reset link's token: 32 random bytes, base64url. */
export const passwordResetSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This reset link is not valid: open the newest link from the email again."),
  newPassword: signUpSchema.shape.password,
});

export const deleteAccountSchema = z.object({
  /** The account's password, or, for an account without one (GitHub or Google sign-in), its email address. */
  confirmation: z.string().min(1, "Type your password (or your email address if you sign in with GitHub or Google).").max(passwordRules.maxLength),
});

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 60;
