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
