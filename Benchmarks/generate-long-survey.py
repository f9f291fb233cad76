#!/usr/bin/env python3
"""Writes a survey of N steps (default 200) for the preview benchmark: sections of 20 steps, each a
mix of instructions, optional integer questions with a rule, and optional multiple-choice questions."""
import json
import sys

count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
sections = []
for start in range(0, count, 20):
    steps = []
    for index in range(start, min(start + 20, count)):
        identifier = f"step{index:03d}"
        if index % 3 == 0:
            steps.append({"type": "instruction", "identifier": identifier, "title": f"Instruction {index}", "detail": "Read this, then go on."})
        elif index % 3 == 1:
            steps.append({"type": "simpleQuestion", "identifier": identifier, "title": f"How many, question {index}?", "optional": True,
                          "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 100}},
                          "surveyRules": [{"ruleOperator": "gt", "matchingAnswer": 1000, "skipToIdentifier": "nextSection"}]})
        else:
            steps.append({"type": "choiceQuestion", "identifier": identifier, "title": f"Which ones, question {index}?", "optional": True,
                          "baseType": "string", "singleChoice": False,
                          "choices": [{"value": f"c{n}", "text": f"Choice {n}"} for n in range(6)] + [{"text": "None", "selectorType": "exclusive"}]})
    sections.append({"type": "section", "identifier": f"section{start // 20:02d}", "steps": steps})
survey = {"type": "assessment", "identifier": "long-survey", "title": f"A survey of {count} steps", "steps": sections}
with open(sys.argv[1], "w") as out:
    json.dump(survey, out, indent=1)
