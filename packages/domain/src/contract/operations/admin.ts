import { adminUsersQuerySchema, analyticsSchema, auditLogListSchema, auditLogQuerySchema } from "../admin.ts";
import { userListSchema } from "../auth.ts";
import { defineOperation, json } from "../operation.ts";

export const adminOperations = {
  adminAnalytics: defineOperation({
    id: "adminAnalytics",
    method: "GET",
    path: "/admin/analytics",
    access: "admin",
    tags: ["admin"],
    summary: "Overview figures and monthly trends of the last 12 calendar months",
    description:
      "Months are calendar months in the business time zone (Europe/Berlin), oldest first; months without activity count zero.",
    responses: { 200: json(analyticsSchema, "The figures") },
  }),
  adminUsersList: defineOperation({
    id: "adminUsersList",
    method: "GET",
    path: "/admin/users",
    access: "admin",
    tags: ["admin"],
    summary: "Users, newest first, filtered by role and KYC status, searched by e-mail",
    description: "`search` is a case-insensitive substring of the e-mail address.",
    query: adminUsersQuerySchema,
    responses: { 200: json(userListSchema, "One page of users") },
    paged: true,
  }),
  adminAuditLogList: defineOperation({
    id: "adminAuditLogList",
    method: "GET",
    path: "/admin/audit-log",
    access: "admin",
    tags: ["admin"],
    summary: "Audit log of admin actions, newest first",
    query: auditLogQuerySchema,
    responses: { 200: json(auditLogListSchema, "One page of the audit log") },
    paged: true,
  }),
} as const;
