package org.tracejudge.judges.provider;

/** One judgment to ask for: the rubric as system prompt, the rendered case as user prompt. */
public record ChatRequest(String system, String user) {}
