"use client";

import { type ListingDetail, pluginCategories, tagLimits } from "@streamkit/api-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/errors";

/**
 * My plugins → Category and tags: the author sets where the plugin is found
 * (plugins.setListing, the same operation as PUT /api/v1/plugins/{slug}/listing;
 * the server normalises and validates, this form only splits the tags on commas).
 */
export function ListingDetailsForm({ plugin }: { plugin: ListingDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState(plugin.category ?? "");
  const [tags, setTags] = useState(plugin.tags.join(", "));
  const save = useMutation(
    trpc.plugins.setListing.mutationOptions({
      onSuccess: (answer) => {
        setTags(answer.item.tags.join(", "));
        return queryClient.invalidateQueries(trpc.plugins.mineWithVersions.queryFilter());
      },
    }),
  );
  const id = `listing-${plugin.slug}`;
  return (
    <form
      className="listing-details"
      aria-label={`Category and tags of ${plugin.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          slug: plugin.slug,
          category: (category || null) as ListingDetail["category"],
          tags: tags
            .split(",")
            .map((tag) => tag.trim())
            .filter(Boolean),
        });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={category} onChange={(event) => setCategory(event.target.value)}>
          <option value="">No category</option>
          {pluginCategories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tags`}>Tags</label>
        <input id={`${id}-tags`} value={tags} onChange={(event) => setTags(event.target.value)} placeholder="song requests, queue" />
        <p className="hint">
          Separated by commas; at most {tagLimits.maxTags}, each {tagLimits.minLength} to {tagLimits.maxLength} letters, digits or hyphens (spaces become
          hyphens).
        </p>
      </div>
      <div className="form-actions">
        <button type="submit" className="button small" disabled={save.isPending}>
          Save category and tags
        </button>
        {save.isSuccess && !save.isPending ? (
          <span role="status" className="muted">
            Saved.
          </span>
        ) : null}
      </div>
      {save.error ? (
        <p className="problem" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}
