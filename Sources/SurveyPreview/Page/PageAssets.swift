/// The page's own files, shipped in the binary: the only paths besides the API and the survey's resources.
enum PageAssets {
    /// A file of the page: its text and content type.
    struct Asset {
        let text: String
        let type: String
    }

    /// The asset served at `path`, if any.
    static func asset(at path: String) -> Asset? {
        switch path {
        case "/", "/index.html": return Asset(text: PageHTML.text, type: "text/html; charset=utf-8")
        case "/preview.css": return Asset(text: PageStyle.text, type: "text/css; charset=utf-8")
        case "/preview.js": return Asset(text: PageScript.text, type: "text/javascript; charset=utf-8")
        case "/favicon.ico": return Asset(text: "", type: "image/x-icon")
        default: return nil
        }
    }
}

/// The page: a phone-sized screen for the step, and beside it the route, downloads, lint and flow graph.
enum PageHTML {
    static let text = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Survey preview</title>
<link rel="stylesheet" href="/preview.css">
<script src="/preview.js" defer></script>
</head>
<body>
<a class="skip-link" href="#screen">Skip to the survey</a>
<header class="bar">
  <h1 id="survey-title">Survey preview</h1>
  <span id="platform" class="tag"></span>
  <button type="button" id="restart">Restart</button>
</header>
<main class="layout">
  <section id="phone" aria-label="The participant's screen">
    <div id="screen" class="screen" tabindex="-1">
      <div id="problem" class="problem" role="alert" hidden></div>
      <form id="step" novalidate></form>
      <p id="message" class="message" role="alert" aria-live="assertive"></p>
      <div id="buttons" class="buttons"></div>
    </div>
  </section>
  <aside class="side">
    <section aria-labelledby="route-heading">
      <h2 id="route-heading">Route so far</h2>
      <ol id="route"></ol>
      <p id="status" class="status" aria-live="polite"></p>
    </section>
    <section aria-labelledby="keep-heading">
      <h2 id="keep-heading">Keep this run</h2>
      <p id="keep-note">Finish the run to save it.</p>
      <ul class="downloads" id="downloads" hidden>
        <li><a id="save-script" href="/api/script" download>Save as script</a> and its <a id="save-expected" href="/api/expected" download>expected outcome</a> (replay: <code>assess run SURVEY --answers SCRIPT</code>)</li>
        <li><a id="download-result" href="/api/result" download>Download result</a> and <a id="download-archive" href="/api/archive" download>archive</a></li>
      </ul>
    </section>
    <section aria-labelledby="lint-heading">
      <h2 id="lint-heading">Lint</h2>
      <ul id="findings" class="findings"></ul>
    </section>
    <section aria-labelledby="graph-heading">
      <h2 id="graph-heading">Flow</h2>
      <div class="graph" tabindex="0" aria-label="Flow graph, the current step outlined in blue"><div class="graph-canvas"><img id="graph" alt="Flow graph of the survey"><div id="graph-mark" class="graph-mark" hidden></div></div></div>
    </section>
  </aside>
</main>
</body>
</html>
"""#
}
