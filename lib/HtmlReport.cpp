//===- HtmlReport.cpp ------------------------------------------------------===//
#include "HtmlReport.h"

#include "BankMap.h"
#include "Explain.h"
#include "JsonReport.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

namespace ldslint {

namespace {

/// The page's CSS and script. The script renders everything from the JSON
/// in #ldslint-data; window.ldslintShow(finding, "before" | "after") is the
/// toggle the buttons (and the browser test) use, window.ldslintSelect(finding,
/// warp, step) the warp / iteration selectors (indices into its views).
const char *PageHead = R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>ldslint report</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.4em} h2{font-size:1.1em;margin:0 0 .3em}
table#summary{border-collapse:collapse;margin-bottom:2em}
#summary th,#summary td{border:1px solid #ccc;padding:.25em .6em;text-align:left;font-size:.9em}
#summary tr.finding-row{cursor:pointer} #summary tr.finding-row:hover{background:#f3f6ff}
section.finding{border:1px solid #ccc;border-radius:6px;padding:1em;margin-bottom:1.5em}
section.finding.conflict{border-left:6px solid #c62828}
section.finding.ok{border-left:6px solid #2e7d32}
section.finding.unknown{border-left:6px solid #999}
pre.source{background:#f7f7f7;padding:.5em;overflow-x:auto;margin:.4em 0}
.access{background:#ffd54f;font-weight:bold}
.info{font-size:.9em;color:#444;margin:.2em 0}
.toggle{margin:.5em .4em .5em 0;padding:.2em .8em;border:1px solid #888;border-radius:4px;background:#eee;cursor:pointer}
.toggle.active{background:#1565c0;color:#fff;border-color:#1565c0}
.phase-title{font-size:.85em;margin:.6em 0 .2em;font-weight:bold}
table.map{border-collapse:collapse;table-layout:fixed;margin-bottom:.3em}
table.map th{font-size:.7em;color:#666;font-weight:normal;width:2.6em;border:1px solid #ddd;background:#fafafa}
table.map td.cell{vertical-align:top;border:1px solid #ddd;width:2.6em;padding:1px;font-size:.68em;text-align:center}
td.cell.used{background:#e8f5e9} td.cell.conflict{background:#ffcdd2}
span.lane{display:block;border-radius:2px;cursor:default}
span.lane:hover{background:#1565c0;color:#fff}
#hover{position:fixed;right:1em;bottom:1em;background:#263238;color:#fff;padding:.4em .8em;border-radius:4px;font-size:.85em;min-width:12em}
.legend{font-size:.8em;color:#555}
select{margin:0 .4em;font-size:.9em} .capped{color:#8a5a00}
</style></head><body>
<h1>ldslint: shared-memory bank conflicts</h1>
<p class="legend">Each bank map shows one warp (NVIDIA) or wavefront (AMD)
instruction: banks are columns, the lane phases the hardware serves
together are rows; a cell lists the lanes it serves, red when it must
deliver several different words (a conflict). Choose the warp and the loop
iteration above a map; hover a lane for its address, thread and loop values.</p>
<div id="summary-wrap"></div><div id="findings"></div>
<div id="hover">hover a lane</div>
<script type="application/json" id="ldslint-data">)HTML";

const char *PageTail = R"HTML(</script>
<script>
(function(){
const DATA = JSON.parse(document.getElementById('ldslint-data').textContent);
const findings = DATA.findings;
function el(tag, attrs, text){const e=document.createElement(tag);
  for(const k in (attrs||{})) e.setAttribute(k, attrs[k]);
  if(text!==undefined) e.textContent=text; return e;}
function base(p){return p.split('/').pop();}
// Paths in the finding's texts (the launch site) relative to its file's
// directory, as the file itself is shown by its name.
function rel(text,f){const d=f.file.slice(0,f.file.lastIndexOf('/')+1); return d?String(text).split(d).join(''):String(text);}
function extra(f){if(f.wavefronts_per_instruction===null||f.ideal_wavefronts_per_instruction===null) return '?';
  return (f.wavefronts_per_instruction-f.ideal_wavefronts_per_instruction).toFixed(2);}
function fixText(f){if(f.fixes.length) return f.fixes[0].description;
  if(f.fix_notes&&f.fix_notes.length) return f.fix_notes[0]; return 'no fix offered';}
function summary(){
  const t=el('table',{id:'summary'}); const h=el('tr');
  ['file','kernel','array','access','target','degree','extra wavefronts','fix'].forEach(c=>h.appendChild(el('th',{},c)));
  t.appendChild(h);
  findings.forEach((f,i)=>{const r=el('tr',{'class':'finding-row','data-index':i});
    [base(f.file)+':'+f.line+':'+f.column,f.function,f.array,f.access+' '+f.width+' B',f.arch,
     f.degree===null?f.status:(f.least_degree?f.least_degree+'- to ':'')+f.degree+'-way',extra(f),fixText(f)].forEach(c=>r.appendChild(el('td',{},String(c))));
    r.addEventListener('click',()=>document.getElementById('finding-'+i).scrollIntoView());
    t.appendChild(r);});
  document.getElementById('summary-wrap').appendChild(t);}
function sourceLine(f){const pre=el('pre',{'class':'source'}); const s=f.source||'';
  let a=Math.max(0,f.column-1), b=a;
  while(b<s.length&&/[\w.$:]/.test(s[b])) b++;
  while(b<s.length&&(s[b]=='['||s[b]=='(')){const open=s[b],close=open=='['?']':')';let d=0;
    for(;b<s.length;b++){if(s[b]==open)d++; else if(s[b]==close){d--; if(d==0){b++;break;}}}
    while(b<s.length&&/[\w.]/.test(s[b])) b++;}
  pre.appendChild(document.createTextNode(f.line+': '+s.slice(0,a)));
  pre.appendChild(el('span',{'class':'access'},s.slice(a,b)));
  pre.appendChild(document.createTextNode(s.slice(b))); return pre;}
function lanesText(l){return l.length?l[0]+'\u2013'+l[l.length-1]:'';}
function hover(text){document.getElementById('hover').textContent=text;}
// m: a bank map; where: {title, threads, iteration} of the instruction drawn.
function renderMap(box,m,where){
  box.innerHTML='';
  if(!m){box.appendChild(el('div',{'class':'info'},where&&where.missing?where.missing:'no bank map (no warp instruction evaluated)'));return;}
  box.appendChild(el('div',{'class':'info map-title'},where.title+
    ': '+m.wavefronts+' wavefront(s), '+m.ideal+' without conflicts, worst phase '+m.degree+'-way'+
    (m.relative?' (addresses leave out an offset common to all lanes)':'')));
  const perRow=32, values=m.values||[];
  m.phases.forEach((p,pi)=>{if(!p.cells.length) return;
    box.appendChild(el('div',{'class':'phase-title'},(m.phases.length>1?'phase '+(pi+1)+' of '+m.phases.length+', ':'')+
      'lanes '+lanesText(p.lanes)+': '+p.wavefronts+(p.wavefronts==1?' pass':' passes')));
    const byBank={}; p.cells.forEach(c=>byBank[c.bank]=c);
    for(let b0=0;b0<m.banks;b0+=perRow){
      const t=el('table',{'class':'map','data-phase':pi}); const hr=el('tr'), cr=el('tr');
      for(let b=b0;b<Math.min(m.banks,b0+perRow);b++){
        hr.appendChild(el('th',{},String(b)));
        const c=byBank[b]; const td=el('td',{'class':'cell'+(c?(c.words>1?' conflict used':' used'):''),'data-bank':b,'data-words':c?c.words:0});
        if(c) c.lanes.forEach(([lane,byte])=>{const t=(where.threads||[])[lane];
          const idx=values.filter(v=>v.values[lane]!==null&&v.values[lane]!==undefined).map(v=>v.name+' = '+v.values[lane]);
          if(where.iteration) idx.unshift(where.iteration);
          const tip='lane '+lane+': byte '+byte+', word '+Math.floor(byte/m.bank_bytes)+', bank '+b+
            (t?', threadIdx ('+t.join(',')+')':'')+(idx.length?', '+idx.join(', '):'')+
            (c.words>1?'; bank '+b+' serves '+c.words+' words':'');
          const s=el('span',{'class':'lane','data-lane':lane,'data-byte':byte,title:tip},String(lane));
          s.addEventListener('mouseover',()=>hover(tip)); td.appendChild(s);});
        cr.appendChild(td);}
      t.appendChild(hr); t.appendChild(cr); box.appendChild(t);}
  });}
// A views map in full (the compact form leaves what all share to the views).
function expand(v,m){const pairs=c=>{const r=[];for(let k=2;k<c.length;k+=2) r.push([c[k],c[k+1]]);return r;};
  return {banks:v.banks,bank_bytes:v.bank_bytes,wave:v.wave,width:v.width,degree:m.degree,wavefronts:m.wavefronts,
    ideal:m.ideal,relative:m.relative,values:m.values||[],phases:m.phases.map((p,pi)=>({lanes:v.phase_lanes[pi],
    wavefronts:p.wavefronts,cells:p.cells.map(c=>({bank:c[0],words:c[1],lanes:pairs(c)}))}))};}
function waveWord(f){return f.map&&f.map.wave==64?'wavefront ':'warp ';}
function stepText(st){return st.iteration?st.iteration:'execution '+(st.step+1);}
// The instruction a section shows: the chosen warp and step of its views,
// else the finding's one picture (the worst instruction).
function show(i,which){const f=findings[i]; const sec=document.getElementById('finding-'+i);
  if(which=='after'&&!f.after) which='before';
  sec.setAttribute('data-state',which);
  sec.querySelectorAll('.toggle').forEach(b=>b.classList.toggle('active',b.getAttribute('data-which')==which));
  const box=sec.querySelector('.bankmap'), v=f.views;
  if(!v){const m=which=='after'?f.after:f.map;
    renderMap(box,m,m?{title:waveWord(f)+m.warp+(m.context?' at '+m.context:''),threads:m.threads}:null);return;}
  const w=v.warps[+sec.dataset.warp], st=w.steps[+sec.dataset.step], id=which=='after'?st.after:st.map;
  const full=id===null?null:expand(v,v.maps[id]);
  const worst=v.worst&&v.worst[0]==+sec.dataset.warp&&v.worst[1]==+sec.dataset.step;
  renderMap(box,full,{threads:w.threads,iteration:st.iteration,
    title:w.label.replace(/^warp /,waveWord(f))+(st.iteration?' at '+st.iteration:'')+(worst?' (the worst instruction)':''),
    missing:'this instruction after the fix was not kept; the worst one is shown without selection'});}
window.ldslintShow=show;
// Chooses warp \p w and step \p s (indices into views) of finding \p i.
function select(i,w,s){const f=findings[i], v=f.views; if(!v) return;
  const sec=document.getElementById('finding-'+i);
  w=Math.max(0,Math.min(v.warps.length-1,w)); s=Math.max(0,Math.min(v.warps[w].steps.length-1,s));
  sec.dataset.warp=w; sec.dataset.step=s;
  const ws=sec.querySelector('select.warp-select'), ss=sec.querySelector('select.step-select');
  ws.value=String(w); ss.innerHTML='';
  v.warps[w].steps.forEach((st,k)=>ss.appendChild(el('option',{value:k},stepText(st)+
    (v.worst&&v.worst[0]==w&&v.worst[1]==k?' (worst)':''))));
  ss.value=String(s); ss.disabled=v.warps[w].steps.length<2;
  show(i,sec.dataset.state||'before');}
window.ldslintSelect=select;
function selectors(i,f,sec){const v=f.views; if(!v) return;
  const bar=el('div',{'class':'info selectors'});
  const ws=el('select',{'class':'warp-select','aria-label':'warp'});
  v.warps.forEach((w,k)=>ws.appendChild(el('option',{value:k},w.label.replace(/^warp /,waveWord(f))+
    (v.worst&&v.worst[0]==k?' (worst)':''))));
  ws.disabled=v.warps.length<2;
  const ss=el('select',{'class':'step-select','aria-label':'iteration'});
  ws.addEventListener('change',()=>{const sec2=document.getElementById('finding-'+i);
    // Keep the iteration when the new warp has it.
    const cur=v.warps[+sec2.dataset.warp].steps[+sec2.dataset.step];
    const next=v.warps[+ws.value].steps.findIndex(st=>st.step==cur.step&&st.iteration==cur.iteration);
    select(i,+ws.value,next<0?0:next);});
  ss.addEventListener('change',()=>select(i,+document.getElementById('finding-'+i).dataset.warp,+ss.value));
  bar.appendChild(document.createTextNode(waveWord(f))); bar.appendChild(ws);
  bar.appendChild(document.createTextNode(' iteration ')); bar.appendChild(ss);
  sec.appendChild(bar);
  const kept=v.warps.length, unit=waveWord(f).trim()+'s';
  let note='';
  if(v.warps_total>kept) note+='showing '+kept+' of the '+v.warps_total+' '+unit+' that execute this access (the first '+v.warp_cap+
    (kept>v.warp_cap?' and the worst':'')+')';
  if(v.most_steps>v.step_cap) note+=(note?'; ':'showing ')+'the first '+v.step_cap+' of up to '+v.most_steps+
    ' executions per '+unit.slice(0,-1)+' (loop iterations)'+(v.worst&&v.warps[v.worst[0]].steps.length>v.step_cap?' and the worst':'');
  if(note) sec.appendChild(el('div',{'class':'info capped'},note+'; identical maps are stored once.'));}
function sections(){const root=document.getElementById('findings');
  findings.forEach((f,i)=>{const sec=el('section',{'class':'finding '+f.status,id:'finding-'+i,'data-file':f.file,'data-line':f.line,'data-column':f.column,'data-arch':f.arch});
    sec.appendChild(el('h2',{},base(f.file)+':'+f.line+':'+f.column+' \u2014 '+(f.degree===null?'not decided':f.degree==1?'conflict-free':(f.least_degree?f.least_degree+'- to ':'')+f.degree+'-way bank conflict')+' '+
      (f.access=='read'?'reading':f.access=='write'?'writing':'updating')+" '"+f.array+"' in "+f.function));
    sec.appendChild(sourceLine(f));
    sec.appendChild(el('div',{'class':'info'},'target '+f.arch+'; block '+(f.block?f.block.join('x')+' ('+rel(f.block_source,f)+')':'not known')+
      '; '+f.width+'-byte '+f.access+' per lane'));
    if(f.reason) sec.appendChild(el('div',{'class':'info'},rel(f.reason,f)));
    selectors(i,f,sec);
    const bar=el('div');
    [['before','as written'],['after','after the fix']].forEach(([w,label])=>{if(w=='after'&&!f.after) return;
      const b=el('button',{'class':'toggle','data-which':w},label); b.addEventListener('click',()=>show(i,w)); bar.appendChild(b);});
    if(f.after) bar.appendChild(el('span',{'class':'info'},' '+f.after_fix));
    else if(f.status=='conflict') bar.appendChild(el('span',{'class':'info'},' '+fixText(f)));
    sec.appendChild(bar); sec.appendChild(el('div',{'class':'bankmap'}));
    root.appendChild(sec); sec.setAttribute('data-state','before');
    if(f.views){const wst=f.views.worst||[0,0]; select(i,wst[0],wst[1]);} else show(i,'before');});}
summary(); sections();
document.body.setAttribute('data-ready','1');
})();
</script></body></html>
)HTML";

/// JSON inside <script>: "</" would end the element early.
std::string scriptSafe(std::string Text) {
  for (size_t At = Text.find("</"); At != std::string::npos; At = Text.find("</", At + 3))
    Text.replace(At, 2, "<\\/");
  return Text;
}

} // namespace

namespace {

llvm::json::Array laneValues(const WarpPicture &P) {
  llvm::json::Array Values;
  for (const auto &[Name, PerLane] : P.LaneValues) {
    llvm::json::Array V;
    for (size_t L = 0; L < PerLane.size() && L < P.Lanes.size(); ++L)
      V.push_back(P.Lanes[L].Active ? llvm::json::Value(PerLane[L])
                                    : llvm::json::Value(nullptr));
    Values.push_back(llvm::json::Object{{"name", Name}, {"values", std::move(V)}});
  }
  return Values;
}

/// The bank map's phases, each {wavefronts, cells}: a cell is
/// {bank, words, lanes[[lane, byte], ...]} with the phase's lanes listed
/// (full), or a flat [bank, words, lane, byte, lane, byte, ...] (compact).
llvm::json::Array phasesJson(const BankMap &Map, bool Compact) {
  llvm::json::Array Phases;
  for (const PhaseMap &Ph : Map.Phases) {
    llvm::json::Array Cells;
    for (unsigned B = 0; B < Ph.Banks.size(); ++B) {
      const BankCell &C = Ph.Banks[B];
      if (C.Entries.empty())
        continue;
      if (Compact) {
        llvm::json::Array Cell{B, C.Words};
        for (const BankCell::Entry &E : C.Entries) {
          Cell.push_back(E.Lane);
          Cell.push_back(E.Byte);
        }
        Cells.push_back(std::move(Cell));
        continue;
      }
      llvm::json::Array Lanes;
      for (const BankCell::Entry &E : C.Entries)
        Lanes.push_back(llvm::json::Array{E.Lane, E.Byte});
      Cells.push_back(llvm::json::Object{
          {"bank", B}, {"words", C.Words}, {"lanes", std::move(Lanes)}});
    }
    llvm::json::Object Phase{{"wavefronts", Ph.Wavefronts}, {"cells", std::move(Cells)}};
    if (!Compact) {
      llvm::json::Array PhaseLanes;
      for (unsigned L : Ph.Lanes)
        PhaseLanes.push_back(L);
      Phase["lanes"] = std::move(PhaseLanes);
    }
    Phases.push_back(std::move(Phase));
  }
  return Phases;
}

/// One picture's bank map, as bankMapToJson documents it.
llvm::json::Object mapObject(const BankModel &Model, const WarpPicture &P,
                             unsigned WidthBytes, bool Relative) {
  const BankMap Map = buildBankMap(Model, P, WidthBytes);
  llvm::json::Array Phases = phasesJson(Map, /*Compact=*/false);
  llvm::json::Array Threads, Lanes;
  for (const auto &T : P.Threads)
    Threads.push_back(llvm::json::Array{T[0], T[1], T[2]});
  for (const LaneAddress &A : P.Lanes)
    Lanes.push_back(llvm::json::Object{{"active", A.Active}, {"byte", A.Byte}});
  return llvm::json::Object{{"banks", Map.NumBanks},
                            {"bank_bytes", Map.BankBytes},
                            {"wave", Map.WaveSize},
                            {"width", Map.WidthBytes},
                            {"warp", P.Warp},
                            {"context", P.Context},
                            {"degree", Map.Cost.Degree},
                            {"wavefronts", Map.Cost.Wavefronts},
                            {"ideal", Map.Cost.Ideal},
                            {"relative", Relative},
                            {"values", laneValues(P)},
                            {"threads", std::move(Threads)},
                            {"lanes", std::move(Lanes)},
                            {"phases", std::move(Phases)}};
}

/// The compact map the views share between warps and iterations (what
/// is common to them, the bank model and the phases' lanes, is stored once
/// in the views): {degree, wavefronts, ideal, relative, values (if any),
/// phases[{wavefronts, cells[[bank, words, lane, byte, lane, byte, ...]]}]}.
llvm::json::Object compactMap(const BankModel &Model, const WarpPicture &P,
                              unsigned WidthBytes, bool Relative) {
  const BankMap Map = buildBankMap(Model, P, WidthBytes);
  llvm::json::Array Phases = phasesJson(Map, /*Compact=*/true);
  llvm::json::Object O{{"degree", Map.Cost.Degree},
                       {"wavefronts", Map.Cost.Wavefronts},
                       {"ideal", Map.Cost.Ideal},
                       {"relative", Relative},
                       {"phases", std::move(Phases)}};
  if (!P.LaneValues.empty())
    O["values"] = laneValues(P);
  return O;
}

/// Distinct maps, each stored once: the index of \p O in \p Maps.
class MapTable {
public:
  unsigned add(llvm::json::Object O) {
    llvm::json::Value V(std::move(O));
    const std::string Key = llvm::formatv("{0}", V).str();
    auto [It, New] = Index.try_emplace(Key, static_cast<unsigned>(Maps.size()));
    if (New)
      Maps.push_back(std::move(V));
    return It->second;
  }
  llvm::json::Array Maps;

private:
  std::map<std::string, unsigned> Index;
};

} // namespace

llvm::json::Value bankMapToJson(const Finding &F, const EvalResult &R) {
  const std::optional<BankModel> Model = modelOfFinding(F);
  if (R.Picture.empty() || !Model)
    return nullptr;
  return mapObject(*Model, R.Picture, F.WidthBytes, R.ExampleRelative);
}

llvm::json::Value viewsToJson(const Finding &F) {
  const std::optional<BankModel> Model = modelOfFinding(F);
  const PictureSet &Views = F.Result.Views;
  if (Views.Pictures.empty() || !Model)
    return nullptr;
  MapTable Table;
  // The pictures after the fix, by warp and step.
  std::map<std::pair<std::string, uint64_t>, unsigned> After;
  if (F.AfterFix) {
    std::vector<const WarpPicture *> Pictures;
    for (const WarpPicture &P : F.AfterFix->Views.Pictures)
      Pictures.push_back(&P);
    if (!F.AfterFix->Picture.empty())
      Pictures.push_back(&F.AfterFix->Picture);
    for (const WarpPicture *P : Pictures)
      if (!After.count({P->WarpLabel, P->Step}))
        After[{P->WarpLabel, P->Step}] = Table.add(
            compactMap(*Model, *P, F.WidthBytes, F.AfterFix->ExampleRelative));
  }
  llvm::json::Array Warps;
  std::map<std::string, size_t> WarpIndex;
  std::vector<llvm::json::Array> Steps;
  std::vector<const WarpPicture *> FirstOfWarp;
  llvm::json::Value Worst(nullptr);
  for (const WarpPicture &P : Views.Pictures) {
    auto [It, New] = WarpIndex.try_emplace(P.WarpLabel, Steps.size());
    if (New) {
      Steps.emplace_back();
      FirstOfWarp.push_back(&P);
    }
    const auto A = After.find({P.WarpLabel, P.Step});
    if (P.WarpLabel == F.Result.Picture.WarpLabel && P.Step == F.Result.Picture.Step)
      Worst = llvm::json::Array{It->second, Steps[It->second].size()};
    Steps[It->second].push_back(llvm::json::Object{
        {"step", P.Step},
        {"iteration", P.Iteration},
        {"map", Table.add(compactMap(*Model, P, F.WidthBytes,
                                     F.Result.ExampleRelative))},
        {"after", A == After.end() ? llvm::json::Value(nullptr)
                                   : llvm::json::Value(A->second)}});
  }
  for (size_t W = 0; W < Steps.size(); ++W) {
    llvm::json::Array Threads;
    for (const auto &T : FirstOfWarp[W]->Threads)
      Threads.push_back(llvm::json::Array{T[0], T[1], T[2]});
    Warps.push_back(llvm::json::Object{{"label", FirstOfWarp[W]->WarpLabel},
                                       {"warp", FirstOfWarp[W]->Warp},
                                       {"threads", std::move(Threads)},
                                       {"steps", std::move(Steps[W])}});
  }
  llvm::json::Array PhaseLanes;
  for (const std::vector<unsigned> &Phase : Views.Pictures.front().Phases) {
    llvm::json::Array Lanes;
    for (unsigned L : Phase)
      Lanes.push_back(L);
    PhaseLanes.push_back(std::move(Lanes));
  }
  return llvm::json::Object{{"banks", Model->NumBanks},
                            {"bank_bytes", Model->BankBytes},
                            {"wave", static_cast<unsigned>(
                                         Views.Pictures.front().Lanes.size())},
                            {"width", F.WidthBytes},
                            {"phase_lanes", std::move(PhaseLanes)},
                            {"warp_cap", Views.WarpCap},
                            {"step_cap", Views.StepCap},
                            {"warps_total", Views.Warps},
                            {"most_steps", Views.MostSteps},
                            {"capped", Views.capped()},
                            {"worst", std::move(Worst)},
                            {"warps", std::move(Warps)},
                            {"maps", std::move(Table.Maps)}};
}

llvm::json::Value findingToHtmlJson(const Finding &F,
                                    const clang::SourceManager &SM) {
  llvm::json::Value V = findingToJson(F);
  llvm::json::Object &O = *V.getAsObject();
  O["map"] = bankMapToJson(F, F.Result);
  O["after"] = F.AfterFix ? bankMapToJson(F, *F.AfterFix) : llvm::json::Value(nullptr);
  O["after_fix"] = F.AfterFix ? fixInWords(F) : "";
  O["views"] = viewsToJson(F);
  std::string Line;
  if (F.Loc.isValid()) {
    const clang::SourceLocation L = SM.getFileLoc(F.Loc);
    bool Invalid = false;
    const llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(L), &Invalid);
    if (!Invalid) {
      const unsigned Offset = SM.getFileOffset(L);
      const size_t Begin = Buffer.rfind('\n', Offset) == llvm::StringRef::npos
                               ? 0
                               : Buffer.rfind('\n', Offset) + 1;
      const size_t End = Buffer.find('\n', Offset);
      Line = Buffer.slice(Begin, End).str();
    }
  }
  O["source"] = Line;
  return V;
}

std::string renderHtmlReport(const std::vector<llvm::json::Value> &Items) {
  llvm::json::Array A;
  for (const llvm::json::Value &V : Items)
    A.push_back(V);
  const std::string Data =
      llvm::formatv("{0}", llvm::json::Value(llvm::json::Object{{"findings", std::move(A)}}))
          .str();
  return std::string(PageHead) + scriptSafe(Data) + PageTail;
}

} // namespace ldslint
